import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSubscription } from '../../db/channel-listener.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { MessageChannel } from '../../db/schema.js';
import type { ShopMetrics } from '../../lib/metrics.js';
import { type RetrySchedule, retryDelayMs } from '../../lib/retry-delay.js';
import * as outbox from './message-outbox.repository.js';
import { renderMessage } from './message-templates.js';
import { MESSAGE_OUTBOX_CHANNEL } from './messages.js';
import {
  type MessageProvider,
  MessageRejectedError,
  ProviderUnavailableError,
  TemplateMissingError,
} from './providers/message-provider.js';
import { inQuietHours, nextSendableAt } from './quiet-hours.js';

export type MessageWorkerSettings = RetrySchedule & {
  /** How often it looks for due messages besides being woken by a new one; 0: never. */
  pollMs: number;
  /** A message still failing this long after it became due is given up on (logged and counted). */
  giveUpAfterMs: number;
  /** How long a claimed message is this server's; one that died mid-send loses it after. */
  leaseMs: number;
  /** How long sent (and closed) messages are kept before they are deleted. */
  keepSentMs: number;
};

export type MessageWorkerDeps = {
  db: Database;
  /** The provider of each channel in use; a channel turned off has none and its messages wait. */
  providers: Partial<Record<MessageChannel, MessageProvider>>;
  log: FastifyBaseLogger;
  settings: MessageWorkerSettings;
  metrics?: Pick<ShopMetrics, 'messages'> | undefined;
  /** Tests move time and fix the jitter. */
  clock?: { now(): Date; random(): number };
};

type Outcome = 'sent' | 'failed' | 'held';

/** Claimed and handed to the providers together. */
const CLAIM = 10;
const PURGE_EVERY_MS = 60 * 60_000;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What one attempt needs of its worker. */
type Attempt = Pick<MessageWorkerDeps, 'db' | 'providers' | 'log' | 'settings'> & {
  clock: { now(): Date; random(): number };
  outage: Map<MessageChannel, 'down' | 'back'>;
  count(channel: MessageChannel, outcome: string): void;
};

async function failed(state: Attempt, row: outbox.MessageRow, error: unknown, at: Date): Promise<Outcome> {
  const { db, log, settings, outage, count, clock } = state;
  const detail = reason(error);
  const where = { messageId: row.id, channel: row.channel, kind: row.kind, attempt: row.attempts };
  if (error instanceof TemplateMissingError) {
    await outbox.closeMessage(db, row.id, 'skipped', at, detail);
    count(row.channel, 'skipped');
    log.warn(where, `${row.channel} ${row.kind} not sent: ${detail}`);
    return 'failed';
  }
  count(row.channel, 'attempt-failed');
  if (error instanceof MessageRejectedError) {
    await outbox.closeMessage(db, row.id, 'failed', at, detail);
    log.error({ ...where, err: error }, `${row.channel} message refused by the provider`);
    return 'failed';
  }
  if (error instanceof ProviderUnavailableError) outage.set(row.channel, 'down');
  const dueSince = row.notBefore ?? row.createdAt;
  if (at.getTime() - dueSince.getTime() >= settings.giveUpAfterMs) {
    await outbox.closeMessage(db, row.id, 'given-up', at, detail);
    count(row.channel, 'given-up');
    log.error({ ...where, err: error }, `${row.channel} message failed; giving up`);
    return 'failed';
  }
  const pause = retryDelayMs(row.attempts, settings, clock.random);
  await outbox.retryMessageAt(db, row.id, {
    nextAttemptAt: new Date(at.getTime() + pause),
    lastError: detail,
  });
  log.warn({ ...where, err: error, retryInMs: pause }, `${row.channel} message failed; will retry`);
  return 'failed';
}

async function deliver(state: Attempt, row: outbox.MessageRow): Promise<Outcome> {
  const { db, log, outage, count, clock } = state;
  const provider = state.providers[row.channel]!;
  const now = clock.now();
  // Checked again when sending: the message may have waited (an outage, a retry) into the night.
  if (row.category === 'marketing' && inQuietHours(now)) {
    const morning = nextSendableAt(now);
    await outbox.retryMessageAt(db, row.id, { nextAttemptAt: morning, holdUntil: morning });
    log.info({ messageId: row.id, until: morning }, 'offer held past the quiet hours');
    return 'held';
  }
  // The first attempt is when the worker takes a message in: counted once (a held offer's claim is undone).
  if (row.attempts === 1) count(row.channel, 'queued');
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await provider.send({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      kind: row.kind,
      category: row.category,
      language: row.language,
      params: row.params,
      rendered: renderMessage(row.kind, row.language, row.params),
    }));
  } catch (error) {
    return failed(state, row, error, clock.now());
  }
  if (outage.get(row.channel) === 'down') outage.set(row.channel, 'back');
  count(row.channel, 'sent');
  await outbox.markMessageSent(db, row.id, providerMessageId, clock.now());
  return 'sent';
}

/**
 * The SMS and WhatsApp outbox's worker: decision 019's guarantees for two more channels. Each server
 * runs one; a pass claims due messages with a lease, renders each into its channel's registered
 * template and hands it to the provider outside any transaction, then records the provider's id.
 * A failed attempt waits (backoff with jitter) and is tried again until `giveUpAfterMs`; a refused
 * one is failed, one without a registered template skipped. After a provider that was unavailable
 * takes a message again, the messages that waited for it go at once. A marketing message is never
 * handed over in the quiet hours, whenever it was queued: it is held to 09:00 India time.
 */
export function createMessageWorker(deps: MessageWorkerDeps) {
  const { db, providers, log, settings, metrics } = deps;
  const clock = deps.clock ?? { now: () => new Date(), random: Math.random };
  const channels = (Object.keys(providers) as MessageChannel[]).filter((c) => providers[c]);
  // A channel whose provider was seen unavailable, and then seen taking a message again.
  const outage = new Map<MessageChannel, 'down' | 'back'>();
  let started = false;
  let stopped = false;
  let kickPending = false;
  let lastPurge = 0;
  let timer: NodeJS.Timeout | undefined;
  let subscription: ChannelSubscription | undefined;
  // One pass at a time in this process; a drain runs after the pass under way.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = tail.then(job);
    tail = run.catch(() => undefined);
    return run;
  };
  const count = (channel: MessageChannel, outcome: string) => metrics?.messages.inc({ channel, outcome });
  const attempt: Attempt = { db, providers, log, settings, clock, outage, count };

  /** Sends what is due until nothing is; `everyWaiting` (drain) tries each waiting message once. */
  async function pass(everyWaiting: boolean) {
    const tally = { sent: 0, failed: 0, held: 0 };
    const tried: string[] = [];
    for (;;) {
      for (const [channel, state] of outage) {
        if (state !== 'back') continue;
        outage.delete(channel);
        const due = await outbox.bringMessagesForward(db, channel, clock.now());
        if (due) log.info({ channel, waiting: due }, `${channel} provider is back; sending what waited`);
      }
      const rows = await outbox.claimMessages(db, {
        channels,
        at: clock.now(),
        leaseMs: settings.leaseMs,
        limit: CLAIM,
        everyWaiting,
        skip: everyWaiting ? tried : undefined,
      });
      if (rows.length === 0 && ![...outage.values()].includes('back')) break;
      for (const outcome of await Promise.all(rows.map((row) => deliver(attempt, row)))) tally[outcome] += 1;
      tried.push(...rows.map((row) => row.id));
    }
    if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = Date.now();
      const purged = await outbox.deleteMessagesBefore(
        db,
        new Date(clock.now().getTime() - settings.keepSentMs),
      );
      if (purged) log.info({ purged }, 'deleted SMS and WhatsApp messages past their retention');
    }
    return tally;
  }

  /** A pass soon; kicks while one waits to start share it. */
  const kick = () => {
    if (!started || stopped || kickPending) return;
    kickPending = true;
    serial(async () => {
      kickPending = false;
      if (!stopped) await pass(false);
    }).catch((error: unknown) => log.warn({ err: error }, 'message outbox pass failed; will try again'));
  };

  return {
    /** Listens for new messages (NOTIFY message_outbox on commit), polls, and sends what waits. */
    async start(database: Pick<DatabaseHandle, 'listen'>) {
      if (started || channels.length === 0) return;
      started = true;
      let deaf = false;
      subscription = await database.listen(MESSAGE_OUTBOX_CHANNEL, {
        onNotification: kick,
        onListening() {
          deaf = false;
          kick();
        },
        onConnectionLost(error, retryInMs) {
          if (!deaf) log.warn({ err: error, retryInMs }, 'message outbox: not hearing new messages; polling');
          deaf = true;
        },
      });
      if (settings.pollMs > 0) {
        timer = setInterval(kick, settings.pollMs);
        timer.unref();
      }
      kick();
    },
    /** One pass now (tests drive the worker with it). */
    runDue: () => serial(() => pass(false)),
    /** Tries every waiting message once now, ignoring backoff (tests, scripts). */
    drain: () => serial(() => pass(true)),
    /** What waits to be sent, for /metrics. */
    stats: () => outbox.messageStats(db),
    /** Stops listening and polling after sending what is due once more; the rest waits in the table. */
    async close() {
      if (stopped) return;
      if (timer) clearInterval(timer);
      await subscription?.close();
      const wasStarted = started;
      stopped = true;
      await serial(async () => {
        if (wasStarted) await pass(false);
      }).catch((error: unknown) => log.warn({ err: error }, 'message outbox: last pass failed'));
    },
  };
}

export type MessageWorker = ReturnType<typeof createMessageWorker>;
