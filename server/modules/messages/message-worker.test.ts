import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { type MessageChannel, messageOutbox } from '../../db/schema.js';
import { createMetrics } from '../../lib/metrics.js';
import { openTestDatabase } from '../../test/test-app.js';
import { claimMessages } from './message-outbox.repository.js';
import { createMessageWorker, type MessageWorkerSettings } from './message-worker.js';
import { queueMessage } from './messages.js';
import {
  type MessageProvider,
  MessageRejectedError,
  type OutgoingMessage,
  ProviderUnavailableError,
} from './providers/message-provider.js';
import { testMessageProvider } from './providers/test-providers.js';

const log = pino({ level: 'silent' });
const settings: MessageWorkerSettings = {
  pollMs: 0,
  retryFirstMs: 1_000,
  retryMaxMs: 8_000,
  giveUpAfterMs: 60_000,
  leaseMs: 30_000,
  keepSentMs: 7 * 86_400_000,
};

/** 12:00 India time: outside the quiet hours, so offers may go. */
const NOON_IST = Date.parse('2026-11-29T06:30:00Z');

/** The test's clock, starting at noon in India; jitter fixed at its largest. */
function testClock(start = NOON_IST) {
  let at = start;
  return {
    now: () => new Date(at),
    random: () => 1,
    advance(ms: number) {
      at += ms;
    },
    set(iso: string) {
      at = Date.parse(iso);
    },
  };
}

/** A provider that takes messages unless told to fail, remembering each by outbox id. */
function scriptedProvider(channel: MessageChannel = 'sms') {
  const taken: OutgoingMessage[] = [];
  let failure: (() => Error) | undefined;
  const provider: MessageProvider & { taken: OutgoingMessage[]; fail(next?: () => Error): void } = {
    channel,
    name: 'scripted',
    taken,
    fail(next) {
      failure = next;
    },
    async send(message) {
      if (failure) throw failure();
      taken.push(message);
      return { providerMessageId: `p-${message.id}` };
    },
  };
  return provider;
}

describe('the SMS and WhatsApp outbox worker', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;
  let n = 0;
  const queue = (
    at: Date,
    kind: 'order-placed' | 'back-in-stock' = 'order-placed',
    channel: MessageChannel = 'sms',
  ) => {
    n += 1;
    const event = `test:${n}`;
    const params =
      kind === 'order-placed'
        ? { name: 'Asha', orderNumber: `BB-${n}`, amount: '₹1,299.00', url: 'https://shop.example.in/o' }
        : { name: 'Asha', product: 'Kurta', url: 'https://shop.example.in/p' };
    return database.db.transaction((tx) =>
      queueMessage(
        tx,
        {
          channel,
          to: '9812345678',
          userId: null,
          kind,
          language: 'en',
          params,
          eventKey: event,
        } as never,
        at,
      ),
    );
  };
  const row = async (id: string | null) =>
    (await database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id!)))[0]!;

  beforeAll(async () => {
    test = await openTestDatabase();
    database = test.database;
  }, 180_000);
  afterAll(async () => test?.drop());
  beforeEach(async () => {
    await database.db.delete(messageOutbox);
  });

  it('writes each message once as the test outbox file the contract describes; a rolled-back one never', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'messages-'));
    const clock = testClock();
    const worker = createMessageWorker({
      db: database.db,
      providers: {
        sms: testMessageProvider('sms', { outboxDir, senderId: 'BHBZAR', now: clock.now }),
        whatsapp: testMessageProvider('whatsapp', { outboxDir, senderId: 'BHBZAR', now: clock.now }),
      },
      log,
      settings,
      clock,
    });
    await database.db
      .transaction(async (tx) => {
        await queueMessage(tx, {
          channel: 'sms',
          to: '9812345678',
          userId: null,
          kind: 'mobile-code',
          language: 'en',
          params: { code: '000000', minutes: '10' },
          eventKey: 'rolled-back',
        });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const sms = await database.db.transaction((tx) =>
      queueMessage(
        tx,
        {
          channel: 'sms',
          to: '9812345678',
          userId: null,
          kind: 'mobile-code',
          language: 'hi',
          params: { code: '123456', minutes: '10' },
          eventKey: 'code:1',
        },
        clock.now(),
      ),
    );
    const whatsapp = await queue(clock.now(), 'order-placed', 'whatsapp');
    expect(await worker.drain()).toEqual({ sent: 2, failed: 0, held: 0 });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0, held: 0 });

    const at = clock.now().toISOString();
    const smsFiles = await readdir(path.join(outboxDir, 'sms'));
    expect(smsFiles).toEqual([`${at.replace(/[:.]/g, '-')}-${sms}.json`]);
    expect(JSON.parse(await readFile(path.join(outboxDir, 'sms', smsFiles[0]!), 'utf8'))).toEqual({
      id: sms,
      channel: 'sms',
      to: '+919812345678',
      kind: 'mobile-code',
      template: expect.stringMatching(/^\d{19}$/),
      language: 'hi',
      params: { code: '123456', minutes: '10' },
      text: '123456 आपका Bharat Bazaar मोबाइल नंबर सत्यापन कोड है। 10 मिनट तक मान्य। इसे किसी से साझा न करें।',
      sender: 'BHBZAR',
      at,
    });
    const [waFile] = await readdir(path.join(outboxDir, 'whatsapp'));
    const wa = JSON.parse(await readFile(path.join(outboxDir, 'whatsapp', waFile!), 'utf8'));
    expect(wa).toEqual({
      id: whatsapp,
      channel: 'whatsapp',
      to: '+919812345678',
      kind: 'order-placed',
      template: 'order_placed',
      language: 'en',
      params: expect.objectContaining({ orderNumber: expect.any(String) }),
      text: expect.stringMatching(/^Bharat Bazaar: Hi Asha, your order BB-\d+ of ₹1,299.00 is placed\./),
      at,
    });
    expect(await row(sms)).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: `test-sms-${sms}`,
    });
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('claims with a lease: two workers never send one message twice, and a dead claim is taken after its lease', async () => {
    const clock = testClock();
    const provider = scriptedProvider();
    const one = createMessageWorker({ db: database.db, providers: { sms: provider }, log, settings, clock });
    const two = createMessageWorker({ db: database.db, providers: { sms: provider }, log, settings, clock });
    const ids = await Promise.all(Array.from({ length: 12 }, () => queue(clock.now())));
    await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(provider.taken.map((m) => m.id).sort()).toEqual([...ids].sort());

    // A server claims a message and dies before sending it: nobody takes it while the lease runs.
    const orphan = await queue(clock.now());
    const [claimed] = await claimMessages(database.db, {
      channels: ['sms'],
      at: clock.now(),
      leaseMs: settings.leaseMs,
      limit: 1,
    });
    expect(claimed?.id).toBe(orphan);
    clock.advance(settings.leaseMs - 1_000);
    await one.runDue();
    expect(provider.taken.some((m) => m.id === orphan)).toBe(false);
    clock.advance(2_000);
    await two.runDue();
    expect(provider.taken.filter((m) => m.id === orphan)).toHaveLength(1);
    expect(await row(orphan)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('backs off with jitter after failed attempts, then gives up after the configured time, logged and counted', async () => {
    const clock = testClock();
    const provider = scriptedProvider();
    const metrics = createMetrics();
    const worker = createMessageWorker({
      db: database.db,
      providers: { sms: provider },
      log,
      settings,
      clock,
      metrics,
    });
    provider.fail(() => new Error('socket hang up'));
    const id = await queue(clock.now());
    await worker.runDue();
    const first = await row(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'socket hang up' });
    // The first pause is retryFirstMs (jitter at its largest), then it doubles.
    expect(first.nextAttemptAt.getTime() - clock.now().getTime()).toBe(1_000);
    await worker.runDue();
    expect((await row(id)).attempts).toBe(1);
    clock.advance(1_000);
    await worker.runDue();
    const second = await row(id);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime() - clock.now().getTime()).toBe(2_000);

    clock.advance(settings.giveUpAfterMs);
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'given-up', attempts: 3, lastError: 'socket hang up' });
    clock.advance(60 * 60_000);
    await worker.drain();
    expect((await row(id)).attempts).toBe(3);
    const counted = (await metrics.messages.get()).values;
    const outcome = (name: string) => counted.find((v) => v.labels.outcome === name)?.value;
    expect([outcome('queued'), outcome('attempt-failed'), outcome('given-up')]).toEqual([1, 3, 1]);

    // A message the provider refuses for good is failed at once, never retried.
    provider.fail(() => new MessageRejectedError('invalid number'));
    const refused = await queue(clock.now());
    await worker.runDue();
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'invalid number' });
  });

  it('sends what waited at once when a provider that was unavailable takes a message again', async () => {
    const clock = testClock();
    const provider = scriptedProvider();
    const patient = { ...settings, retryFirstMs: 60_000, retryMaxMs: 300_000 };
    const worker = createMessageWorker({
      db: database.db,
      providers: { sms: provider },
      log,
      settings: patient,
      clock,
    });
    provider.fail(() => new ProviderUnavailableError('MSG91 answered 503'));
    const waiting = await Promise.all(Array.from({ length: 4 }, () => queue(clock.now())));
    await worker.runDue();
    expect(provider.taken).toHaveLength(0);
    provider.fail(undefined);
    clock.advance(5_000);
    // A new message goes; the four pausing for a minute come with it, in the same pass.
    const fresh = await queue(clock.now());
    await worker.runDue();
    expect(provider.taken.map((m) => m.id).sort()).toEqual([...waiting, fresh].sort());
  });

  it('never hands an offer to a provider in the quiet hours: it is held to 09:00 India time', async () => {
    const clock = testClock();
    const provider = scriptedProvider('whatsapp');
    const worker = createMessageWorker({
      db: database.db,
      providers: { whatsapp: provider },
      log,
      settings,
      clock,
    });
    // Queued at noon, but the provider was down until 23:00.
    const offer = await queue(clock.now(), 'back-in-stock', 'whatsapp');
    const update = await queue(clock.now(), 'order-placed', 'whatsapp');
    clock.set('2026-11-29T17:30:00Z'); // 23:00 IST
    expect(await worker.runDue()).toEqual({ sent: 1, failed: 0, held: 1 });
    expect(provider.taken.map((m) => m.id)).toEqual([update]);
    const held = await row(offer);
    expect(held).toMatchObject({ status: 'queued', attempts: 0 });
    expect(held.nextAttemptAt.toISOString()).toBe('2026-11-30T03:30:00.000Z');
    // Not even a drain sends it in the night.
    await worker.drain();
    expect(provider.taken).toHaveLength(1);
    clock.set('2026-11-30T03:30:00Z'); // 09:00 IST
    await worker.runDue();
    expect(provider.taken.map((m) => m.id)).toEqual([update, offer]);
  });
});
