/**
 * E-mail that is never lost: `npm run bench:mail-outage [-- --outage-seconds 300 --shoppers 30]`.
 *
 * Starts the production server as a child process on a scratch PostgreSQL database with SMTP_URL
 * pointing at a local mail server that refuses every connection (421). Customers cause e-mails
 * through the HTTP API (password resets and paid orders' confirmations); halfway through the
 * outage the server is killed with SIGKILL right after a wave of them (while its worker holds
 * claimed messages), started again on the same database, and more e-mails are caused. When the
 * outage ends the mail server accepts again, and the run waits until every message in the outbox
 * has arrived, then a further 30 s for any duplicate. It checks: every e-mail the API caused is
 * in the outbox (none lost to the kill), each arrived exactly once (by Message-ID), none is left.
 * Loopback only; the server's default retry settings (1 s doubling to 5 min) unless overridden
 * in the environment.
 */

import { startSmtpCapture } from '../server/test/smtp-capture.js';
import { benchArgs } from './lib/args.js';
import {
  buyCart,
  call,
  createScratchDatabase,
  dropScratchDatabase,
  newShopper,
  pgQuery,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const outageSeconds = Number(args.get('outage-seconds') ?? 300);
const shopperCount = Number(args.get('shoppers') ?? 30);
const port = 3297;
const smtpPort = 2597;
// After the mail server is back, the longest a message can wait is one capped pause (5 min by
// default) plus a poll; give it that and a margin before calling a message lost.
const deliverWithinMs = 420_000;

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const started = performance.now();
  const run = String(Date.now());
  const databaseName = `shop_mail_outage_${run}`;
  const smtp = await startSmtpCapture({ port: smtpPort, refusing: true });
  const databaseUrl = await createScratchDatabase(databaseName);
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: `.data/bench-mail-outage`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    TEST_GATEWAY_WEBHOOK_DELAY_MS: '500',
    RECONCILE_INTERVAL_SECONDS: '5',
  };
  const db = pgQuery(databaseUrl);
  let shop = await startShop(port, env);
  let caused = 0;
  try {
    console.log(`mail server refusing; ${shopperCount} shoppers sign up...`);
    const shoppers: (Awaited<ReturnType<typeof newShopper>> & { email: string })[] = [];
    for (let n = 0; n < shopperCount; n++) {
      const shopper = await newShopper(shop.base, n, run);
      shoppers.push({ ...shopper, email: `shopper-${run}-${n}@example.in` });
    }
    const products = (
      await call(undefined, 'setup', shop.base, 'GET', '/api/product?limit=20&availability=in-stock')
    ).body as { _id: string; color: string[] }[];

    /** Forgot-password for every shopper, and an order from every fifth: e-mails of two kinds. */
    async function wave(label: string) {
      await Promise.all(
        shoppers.map(async (shopper) => {
          const answer = await call(
            undefined,
            'forgot',
            shop.base,
            'POST',
            '/api/user/forgot-password-token',
            {
              ip: shopper.ip,
              body: { email: shopper.email },
            },
          );
          if (answer.status !== 200) throw new Error(`forgot-password: ${answer.status}`);
        }),
      );
      caused += shoppers.length;
      let ordered = 0;
      for (const [n, shopper] of shoppers.entries()) {
        if (n % 5 !== 0) continue;
        const product = products[n % products.length]!;
        const added = await call(undefined, 'cart', shop.base, 'POST', '/api/user/cart', {
          token: shopper.token,
          ip: shopper.ip,
          body: { productId: product._id, color: product.color[0]!, quantity: 1 },
        });
        if (added.status !== 201) throw new Error(`cart: ${added.status} ${JSON.stringify(added.body)}`);
        if ((await buyCart(undefined, shop.base, shopper)) === 'ordered') ordered += 1;
      }
      caused += ordered;
      console.log(
        `${label}: ${shoppers.length} password resets and ${ordered} orders (${caused} e-mails so far)`,
      );
    }

    const outageStarted = performance.now();
    await wave('wave 1');
    // Give the worker a moment to claim and try the wave (its rows leased), then kill it mid-outage.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await wave('wave 2');
    const killAt = outageStarted + (outageSeconds * 1000) / 2;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - performance.now() - 2_000)));
    await wave('wave 3');
    shop.child.kill('SIGKILL');
    await shop.exited;
    console.log(`SIGKILL at ${elapsed(outageStarted)} into the outage; restarting...`);
    shop = await startShop(port, env);
    await wave('wave 4 (after the restart)');
    const refusedBefore = smtp.refused;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, outageStarted + outageSeconds * 1000 - performance.now())),
    );
    const [queued] = await db.query<{ n: number }>('select count(*)::int as n from email_outbox');
    const [sentDuring] = await db.query<{ n: number }>(
      'select count(*)::int as n from email_outbox where sent_at is not null',
    );
    console.log(
      `outage over after ${elapsed(outageStarted)}: ${smtp.messages.length} delivered, ${smtp.refused} connections refused (${refusedBefore} before the last wait), ${queued?.n} in the outbox (${sentDuring?.n} marked sent)`,
    );

    smtp.refuse(false);
    const back = performance.now();
    let allInMs: number | undefined;
    while (performance.now() - back < deliverWithinMs) {
      const [left] = await db.query<{ n: number }>(
        'select count(*)::int as n from email_outbox where sent_at is null',
      );
      if (left?.n === 0 && smtp.messages.length >= caused) {
        allInMs = performance.now() - back;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      allInMs === undefined
        ? 'NOT all delivered in time'
        : `all delivered ${(allInMs / 1000).toFixed(1)} s after the mail server came back; watching 30 s for duplicates...`,
    );
    await new Promise((resolve) => setTimeout(resolve, 30_000));

    const rows = await db.query<{ id: string; attempts: number }>('select id, attempts from email_outbox');
    const ids = smtp.messages.map((m) => /^Message-ID: <([^@>]+)@/im.exec(m.raw)?.[1]);
    const deliveries = new Map<string, number>();
    for (const id of ids) if (id) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    const duplicates = [...deliveries.values()].filter((n) => n > 1).length;
    const lost = rows.filter((r) => !deliveries.has(r.id)).length;
    const result = {
      outageSeconds,
      emailsCaused: caused,
      inOutbox: rows.length,
      delivered: smtp.messages.length,
      distinctDelivered: deliveries.size,
      duplicates,
      lostBeforeOutbox: caused - rows.length,
      lostInOutbox: lost,
      allDeliveredSecondsAfterSmtpBack: allInMs === undefined ? null : Math.round(allInMs / 100) / 10,
      maxAttempts: Math.max(...rows.map((r) => r.attempts)),
      refusedConnections: smtp.refused,
      totalSeconds: Math.round((performance.now() - started) / 1000),
    };
    console.log(JSON.stringify(result, null, 2));
    const ok = duplicates === 0 && lost === 0 && rows.length === caused && smtp.messages.length === caused;
    console.log(ok ? 'OK: every e-mail delivered exactly once' : 'FAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stopShop(shop);
    await db.close();
    await smtp.close();
    await dropScratchDatabase(databaseName);
  }
}

await main();
