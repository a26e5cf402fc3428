import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client.js';
import { emailOutbox as outboxTable } from '../../db/schema.js';
import type { Mail } from '../../lib/mailer.js';
import { createMetrics } from '../../lib/metrics.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { openTestDatabase } from '../../test/test-app.js';
import { outboxMessageId, queueEmail } from './email-outbox.js';
import * as repository from './email-outbox.repository.js';
import { EmailOutbox, type EmailOutboxDeps, type OutboxSettings } from './email-outbox.service.js';

const log = pino({ level: 'silent' });
const settings: OutboxSettings = {
  pollMs: 0,
  retryFirstMs: 1_000,
  retryMaxMs: 4_000,
  giveUpAfterMs: 60_000,
  leaseMs: 30_000,
  keepSentMs: 7 * 86_400_000,
};

/** A mail server stand-in: keeps what it accepts, refuses while `refusing`. */
function fakeMailer(delayMs = 0) {
  const sent: Mail[] = [];
  let refusing = false;
  return {
    sent,
    refuse(on: boolean) {
      refusing = on;
    },
    async send(mail: Mail) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (refusing)
        throw Object.assign(new Error('421 Service not available'), {
          code: 'ECONNECTION',
          responseCode: 421,
        });
      sent.push(mail);
    },
  };
}

/** A clock the test moves; it starts a second ahead, so rows just written are due. */
function clock() {
  let at = Date.now() + 1_000;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

/** The outbox on the test's clock and jitter when given; production's run on the real ones. */
function createOutbox({
  now,
  random,
  ...deps
}: EmailOutboxDeps & { now?: () => Date; random?: () => number }): EmailOutbox {
  return new (class extends EmailOutbox {
    protected override now() {
      return now ? now() : super.now();
    }
    protected override random() {
      return random ? random() : super.random();
    }
  })(deps);
}

const mail = (n: number): Mail => ({
  to: `customer${n}@example.com`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
});

describe('the e-mail outbox', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    database = test.database;
  }, 180_000);
  afterAll(async () => test?.drop());
  beforeEach(async () => {
    await database.db.delete(outboxTable);
  });

  it('never sends a message queued in a transaction that rolled back, and sends a committed one once', async () => {
    const mailer = fakeMailer();
    const outbox = createOutbox({ db: database.db, mailer, log, settings });
    await database.db
      .transaction(async (tx) => {
        await queueEmail(tx, mail(1), 'test');
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const id = await database.db.transaction((tx) =>
      queueEmail(
        tx,
        {
          ...mail(2),
          attachments: [
            { filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1') },
          ],
          headers: { 'List-Unsubscribe': '<https://shop.example/unsubscribe/x>' },
        },
        'test',
      ),
    );
    expect(await outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Message 2']);
    // The Message-ID is the row's, so a repeat could be recognised; the attachment survives storage.
    expect(mailer.sent[0]!.messageId).toBe(outboxMessageId(id));
    expect(mailer.sent[0]!.attachments?.[0]?.content.toString()).toBe('%PDF-1');
    expect(mailer.sent[0]!.headers).toEqual({ 'List-Unsubscribe': '<https://shop.example/unsubscribe/x>' });
    const row = await repository.findEmail(database.db, id);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
  });

  it('backs off exponentially with jitter, capped, and sends once the server is back', async () => {
    expect(retryDelayMs(1, settings, () => 0)).toBe(500);
    expect(retryDelayMs(1, settings, () => 1)).toBe(1_000);
    expect(retryDelayMs(3, settings, () => 1)).toBe(4_000);
    expect(retryDelayMs(30, settings, () => 1)).toBe(4_000);
    const time = clock();
    const mailer = fakeMailer();
    const outbox = createOutbox({
      db: database.db,
      mailer,
      log,
      settings,
      now: time.now,
      random: () => 1,
    });
    const id = await database.db.transaction((tx) => queueEmail(tx, mail(3), 'test'));
    mailer.refuse(true);
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await outbox.runDue()).toEqual({ sent: 0, failed: 1 });
      const row = await repository.findEmail(database.db, id);
      pauses.push(row!.nextAttemptAt.getTime() - time.now().getTime());
      expect(row?.lastError).toContain('421');
      // Not due yet: nothing is tried before the pause is over.
      expect(await outbox.runDue()).toEqual({ sent: 0, failed: 0 });
      time.advance(pauses.at(-1)!);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 4_000]);
    mailer.refuse(false);
    expect(await outbox.runDue()).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect((await repository.findEmail(database.db, id))?.attempts).toBe(5);
  });

  it('sends what paused at once when the mail server accepts again, but not after a one-message failure', async () => {
    const time = clock();
    const mailer = fakeMailer();
    const outbox = createOutbox({
      db: database.db,
      mailer,
      log,
      settings,
      now: time.now,
      random: () => 1,
    });
    mailer.refuse(true);
    for (let n = 0; n < 3; n++) await database.db.transaction((tx) => queueEmail(tx, mail(10 + n), 'test'));
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 3 });
    time.advance(1_000);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 3 });
    // Pausing 2 s now. A new message goes first; once it is accepted the three follow at once.
    mailer.refuse(false);
    await database.db.transaction((tx) => queueEmail(tx, mail(13), 'test'));
    expect(await outbox.runDue()).toEqual({ sent: 4, failed: 0 });
    expect(mailer.sent.map((m) => m.subject).sort()).toEqual([
      'Message 10',
      'Message 11',
      'Message 12',
      'Message 13',
    ]);

    // A message the server refuses on its own (a bad mailbox) keeps its pause when others go.
    const rejecting = {
      sent: [] as Mail[],
      async send(m: Mail) {
        if (m.to.startsWith('customer20@'))
          throw Object.assign(new Error('550 No such user'), { responseCode: 550 });
        rejecting.sent.push(m);
      },
    };
    const second = createOutbox({
      db: database.db,
      mailer: rejecting,
      log,
      settings,
      now: time.now,
      random: () => 1,
    });
    const bad = await database.db.transaction((tx) => queueEmail(tx, mail(20), 'test'));
    expect(await second.runDue()).toEqual({ sent: 0, failed: 1 });
    await database.db.transaction((tx) => queueEmail(tx, mail(21), 'test'));
    expect(await second.runDue()).toEqual({ sent: 1, failed: 0 });
    expect((await repository.findEmail(database.db, bad))!.nextAttemptAt.getTime()).toBeGreaterThan(
      time.now().getTime(),
    );
  });

  it('leaves a claimed message alone while its lease runs, and sends it when a crashed claim expires', async () => {
    const time = clock();
    const mailer = fakeMailer();
    const outbox = createOutbox({ db: database.db, mailer, log, settings, now: time.now });
    const id = await database.db.transaction((tx) => queueEmail(tx, mail(4), 'test'));
    // Another server claimed it and died before sending.
    const [claimed] = await repository.claimDue(database.db, {
      at: time.now(),
      leaseMs: settings.leaseMs,
      limit: 10,
    });
    expect(claimed?.id).toBe(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 0 });
    time.advance(settings.leaseMs - 1_000);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 0 });
    time.advance(2_000);
    expect(await outbox.runDue()).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent.map((m) => m.messageId)).toEqual([outboxMessageId(id)]);
    expect((await repository.findEmail(database.db, id))?.attempts).toBe(2);
  });

  it('gives up after the limit, logged and counted, and never tries again', async () => {
    const time = clock();
    const mailer = fakeMailer();
    const metrics = createMetrics();
    const outbox = createOutbox({
      db: database.db,
      mailer,
      log,
      metrics,
      settings: { ...settings, giveUpAfterMs: 10_000 },
      now: time.now,
    });
    const id = await database.db.transaction((tx) => queueEmail(tx, mail(5), 'test'));
    mailer.refuse(true);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 1 });
    time.advance(11_000);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 1 });
    const row = await repository.findEmail(database.db, id);
    expect(row?.gaveUpAt).toBeInstanceOf(Date);
    mailer.refuse(false);
    time.advance(600_000);
    expect(await outbox.runDue()).toEqual({ sent: 0, failed: 0 });
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(0);
    const counted = (await metrics.emails.get()).values;
    expect(counted.find((v) => v.labels.outcome === 'given-up')?.value).toBe(1);
    expect(counted.find((v) => v.labels.outcome === 'queued')?.value).toBe(1);
    expect(await outbox.stats()).toEqual({ waiting: 0, oldest: null });
  });

  it('shows what waits, and deletes sent messages after the retention period', async () => {
    const time = clock();
    const mailer = fakeMailer();
    await database.db.transaction((tx) => queueEmail(tx, mail(6), 'test'));
    const early = createOutbox({ db: database.db, mailer, log, settings, now: time.now });
    const stats = await early.stats();
    expect(stats.waiting).toBe(1);
    expect(stats.oldest).toBeInstanceOf(Date);
    expect(await early.runDue()).toEqual({ sent: 1, failed: 0 });
    expect((await early.stats()).waiting).toBe(0);
    const kept = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from email_outbox`,
    );
    expect(kept[0]?.n).toBe(1);
    // A week and a day later a worker's first pass deletes it.
    time.advance(8 * 86_400_000);
    await createOutbox({ db: database.db, mailer, log, settings, now: time.now }).runDue();
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from email_outbox`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('wakes when a message is committed, without waiting for a poll', async () => {
    const mailer = fakeMailer();
    const outbox = createOutbox({ db: database.db, mailer, log, settings: { ...settings, pollMs: 0 } });
    await outbox.start(database);
    try {
      await database.db.transaction((tx) => queueEmail(tx, mail(7), 'test'));
      const deadline = Date.now() + 5_000;
      while (mailer.sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(mailer.sent.map((m) => m.subject)).toEqual(['Message 7']);
    } finally {
      await outbox.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two servers on one PostgreSQL never send the same message twice',
    async () => {
      const [{ name }] = (await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      )) as [{ name: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
      try {
        const mailer = fakeMailer(5);
        const outboxes = [database, second].map((handle) =>
          createOutbox({ db: handle.db, mailer, log, settings }),
        );
        const ids = await database.db.transaction(async (tx) => {
          const queued: string[] = [];
          for (let n = 0; n < 40; n++) queued.push(await queueEmail(tx, mail(n), 'test'));
          return queued;
        });
        const results = await Promise.all([
          ...outboxes.map((o) => o.runDue()),
          ...outboxes.map((o) => o.drain()),
        ]);
        expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
        // Both took part, and each message went out exactly once.
        expect(results[0]!.sent).toBeGreaterThan(0);
        expect(results[1]!.sent).toBeGreaterThan(0);
        const seen = mailer.sent.map((m) => m.messageId);
        expect(new Set(seen).size).toBe(40);
        expect(seen.sort()).toEqual(ids.map(outboxMessageId).sort());
      } finally {
        await second.close();
      }
    },
    60_000,
  );
});
