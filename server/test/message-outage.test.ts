import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { messageOutbox } from '../db/schema.js';
import { createMessaging, type Messaging, queueMessage } from '../modules/messages/index.js';
import { claimMessages } from '../modules/messages/message-outbox.repository.js';
import {
  fakeProvidersEnv,
  startFakeMsg91,
  startFakeWhatsappCloud,
  type WebhookSender,
} from './fake-message-providers.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Decision 019's outage test, for SMS and WhatsApp: both providers refuse (503) while orders cause
 * messages; meanwhile the worker is stopped and another started (a deploy), and a server dies
 * holding claims. When the providers come back every message arrives exactly once, counted by
 * outbox id at the fakes, and the fakes' receipts mark each delivered.
 */
describe('an SMS and WhatsApp outage', () => {
  let ctx: TestContext;
  let msg91: Awaited<ReturnType<typeof startFakeMsg91>>;
  let whatsapp: Awaited<ReturnType<typeof startFakeWhatsappCloud>>;
  let restarted: Messaging | undefined;
  const env = () => ({
    ...fakeProvidersEnv(msg91, whatsapp, 'order-placed=1107161234567890123'),
    // Short pauses and a short lease, so the test sees retries and a dead claim expire in seconds.
    MESSAGE_POLL_SECONDS: '0.1',
    MESSAGE_RETRY_FIRST_SECONDS: '0.05',
    MESSAGE_RETRY_MAX_SECONDS: '0.3',
    MESSAGE_LEASE_SECONDS: '1',
  });

  beforeAll(async () => {
    msg91 = await startFakeMsg91();
    whatsapp = await startFakeWhatsappCloud();
    msg91.setDown(true);
    whatsapp.setDown(true);
    ctx = await createTestApp(env());
  }, 180_000);
  afterAll(async () => {
    await restarted?.worker.close();
    await ctx?.close();
    await msg91?.close();
    await whatsapp?.close();
  });

  it('loses and duplicates nothing across the outage and a restart of the worker', async () => {
    const db = ctx.database.db;
    const queued = new Map<string, string>(); // order number → outbox id
    const queue = async (n: number) => {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const orderNumber = `OUT-${channel}-${n}`;
        const id = await db.transaction((tx) =>
          queueMessage(tx, {
            channel,
            to: `98765${String(10_000 + n).slice(-5)}`,
            userId: null,
            kind: 'order-placed',
            language: n % 2 ? 'hi' : 'en',
            params: { name: 'Asha', orderNumber, amount: '₹499.00', url: 'https://shop.example.in/o' },
            eventKey: `outage:${orderNumber}`,
          }),
        );
        queued.set(orderNumber, id!);
      }
    };
    for (let n = 0; n < 10; n++) await queue(n);
    const deadline = (ms: number) => Date.now() + ms;
    // Generous deadlines: each wait ends as soon as its condition holds (a loaded CI machine is slow).
    const until = async (done: () => boolean, ms = 60_000) => {
      const end = deadline(ms);
      while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await until(() => msg91.refusedCount() > 15);
    expect(msg91.refusedCount()).toBeGreaterThan(15);
    expect(msg91.accepted).toHaveLength(0);
    expect(whatsapp.accepted).toHaveLength(0);

    // A deploy: this server's worker stops; messages keep being queued; a new worker starts.
    await ctx.app.services.messaging.worker.close();
    for (let n = 10; n < 16; n++) await queue(n);
    // A server that claimed two messages dies before sending them: its lease runs out.
    const orphans = await claimMessages(db, {
      channels: ['sms', 'whatsapp'],
      at: new Date(),
      leaseMs: 1_000,
      limit: 2,
    });
    expect(orphans).toHaveLength(2);
    restarted = createMessaging({
      db,
      settings: loadConfig({ ...env(), PAYMENT_PROVIDER: 'test' }).messages,
      outboxDir: ctx.app.services.messaging.outboxDir,
      log: ctx.app.log,
    });
    await restarted.worker.start(ctx.database);

    msg91.setDown(false);
    whatsapp.setDown(false);
    await until(() => msg91.accepted.length >= 16 && whatsapp.accepted.length >= 16);
    // Long enough for a duplicate to show, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await restarted.worker.drain();

    const smsIds = msg91.accepted.map((a) => queued.get(a.vars.var2 ?? ''));
    const whatsappIds = whatsapp.accepted.map((a) => a.outboxId);
    const expected = (channel: string) =>
      [...queued]
        .filter(([order]) => order.includes(`-${channel}-`))
        .map(([, id]) => id)
        .sort();
    expect([...smsIds].sort()).toEqual(expected('sms'));
    expect([...whatsappIds].sort()).toEqual(expected('whatsapp'));
    const rows = await db.select().from(messageOutbox);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);

    // The fakes' receipts mark every message delivered.
    const send: WebhookSender = async (request) =>
      (await ctx.app.inject({ method: 'POST', ...request })).statusCode;
    expect(new Set(await msg91.reportDelivered(send))).toEqual(new Set([200]));
    expect(new Set(await whatsapp.reportStatus(send, 'delivered'))).toEqual(new Set([200]));
    const after = await db.select().from(messageOutbox);
    expect(after.map((r) => r.status)).toEqual(Array(32).fill('delivered'));
  }, 300_000);
});
