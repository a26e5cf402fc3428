import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSubscription } from '../../db/channel-listener.js';
import type { Database, DatabaseHandle, Transaction } from '../../db/client.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import type { ShopMetrics } from '../../lib/metrics.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { EMAIL_OUTBOX_CHANNEL, outboxMessageId, queueEmail } from './email-outbox.js';
import * as repository from './email-outbox.repository.js';

export type OutboxSettings = {
  /** How often the worker looks for due messages besides being woken by a new one; 0: never. */
  pollMs: number;
  /** The pause after the first failed attempt; it doubles with each further one... */
  retryFirstMs: number;
  /** ...up to this. */
  retryMaxMs: number;
  /** A message still failing this long after it was queued is given up on (logged and counted). */
  giveUpAfterMs: number;
  /** How long a claimed message stays the claimer's; a server that died mid-send loses it after. */
  leaseMs: number;
  /** How long sent messages are kept (they hold personal data) before they are deleted. */
  keepSentMs: number;
};

/** Messages claimed and sent together; each has its own connection to the mail server. */
const BATCH = 5;
const PURGE_EVERY_MS = 60 * 60_000;

function mailOf(row: repository.OutboxRow): Mail {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    messageId: outboxMessageId(row.id),
    ...(Object.keys(row.headers).length ? { headers: row.headers } : {}),
    ...(row.attachments.length
      ? {
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

/**
 * The mail server as a whole was unreachable or refused to talk (connection refused or timed out,
 * a dropped socket, "421 service not available"), as opposed to a problem with one message.
 */
export function serverUnavailable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (
    responseCode === 421 ||
    ['ECONNECTION', 'ECONNREFUSED', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET'].includes(code ?? '')
  );
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The outbox worker (decision 019). It claims due messages with a lease (FOR UPDATE SKIP LOCKED,
 * so several app servers share the work and never send one message twice while a lease holds),
 * sends each with its stable Message-ID, and marks it sent; a failure is retried with exponential
 * backoff and jitter for `giveUpAfterMs`. It wakes when a message is committed (NOTIFY on
 * `email_outbox`, heard by every server), polls every `pollMs` for retries and for messages whose
 * notification was missed, and deletes sent messages after `keepSentMs`.
 *
 * Delivery is at least once: a server killed after the mail server accepted a message but before
 * the commit that marks it sent leaves it claimed; when the lease runs out it is sent again, with
 * the same Message-ID. The window is the time of one UPDATE.
 */
export type EmailOutboxDeps = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settings: OutboxSettings;
  metrics?: Pick<ShopMetrics, 'emails'>;
};

export class EmailOutbox {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly log: FastifyBaseLogger;
  private readonly settings: OutboxSettings;
  private readonly metrics: Pick<ShopMetrics, 'emails'> | undefined;

  private started = false;
  private closed = false;
  private scheduled = false;
  private poll: NodeJS.Timeout | undefined;
  private subscription: ChannelSubscription | undefined;
  private lastPurge = 0;
  // Since when this worker has seen the mail server refuse, and whether it has just come back.
  private unavailableSince: Date | undefined;
  private cameBack = false;
  // One pass at a time in this process: a drain sees the tick before it finished.
  private chain: Promise<unknown> = Promise.resolve();
  private readonly preparing = new Set<Promise<void>>();

  constructor(deps: EmailOutboxDeps) {
    this.db = deps.db;
    this.mailer = deps.mailer;
    this.log = deps.log;
    this.settings = deps.settings;
    this.metrics = deps.metrics;
  }

  /** The time retries and retention are counted in (tests move it). */
  protected now(): Date {
    return new Date();
  }

  /** The jitter of retry pauses (tests fix it). */
  protected random(): number {
    return Math.random();
  }

  private count(outcome: 'queued' | 'given-up') {
    this.metrics?.emails.inc({ outcome });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async attempt(row: repository.OutboxRow): Promise<'sent' | 'failed'> {
    const { db, log, settings } = this;
    // The first claim is when the worker takes a message in: counted once per message.
    if (row.attempts === 1) this.count('queued');
    try {
      await this.mailer.send(mailOf(row));
    } catch (error) {
      const at = this.now();
      const lastError = describe(error);
      if (serverUnavailable(error)) this.unavailableSince ??= at;
      if (at.getTime() - row.createdAt.getTime() >= settings.giveUpAfterMs) {
        await repository.markFailed(db, row.id, { gaveUpAt: at, lastError });
        this.count('given-up');
        log.error(
          { err: error, mail: row.label, emailId: row.id, attempts: row.attempts },
          'e-mail failed; giving up',
        );
      } else {
        const delay = retryDelayMs(row.attempts, settings, () => this.random());
        await repository.markFailed(db, row.id, { nextAttemptAt: new Date(at.getTime() + delay), lastError });
        log.warn(
          { err: error, mail: row.label, emailId: row.id, attempt: row.attempts, retryInMs: delay },
          'e-mail failed; will retry',
        );
      }
      return 'failed';
    }
    if (this.unavailableSince) {
      this.unavailableSince = undefined;
      this.cameBack = true;
    }
    await repository.markSent(db, row.id, this.now());
    return 'sent';
  }

  /**
   * Sends what is due until nothing is. `ignoreBackoff` (drain) tries every waiting message once,
   * however long its pause still has to run.
   */
  private async pass(ignoreBackoff = false): Promise<{ sent: number; failed: number }> {
    const { db, log, settings } = this;
    const result = { sent: 0, failed: 0 };
    const tried: string[] = [];
    for (;;) {
      // The mail server accepted again after refusing: what paused meanwhile goes now, rather
      // than when each message's pause (up to EMAIL_RETRY_MAX_SECONDS) runs out.
      if (this.cameBack) {
        this.cameBack = false;
        const brought = await repository.bringForward(db, this.now());
        if (brought)
          log.info({ waiting: brought }, 'the mail server is back; sending the e-mails that waited');
      }
      const rows = await repository.claimDue(db, {
        at: this.now(),
        leaseMs: settings.leaseMs,
        limit: BATCH,
        ignoreBackoff,
        excluding: ignoreBackoff ? tried : undefined,
      });
      if (rows.length === 0) {
        if (this.cameBack) continue;
        break;
      }
      const outcomes = await Promise.all(rows.map((row) => this.attempt(row)));
      for (const outcome of outcomes) result[outcome] += 1;
      tried.push(...rows.map((r) => r.id));
    }
    if (Date.now() - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      const purged = await repository.deleteSentBefore(
        db,
        new Date(this.now().getTime() - settings.keepSentMs),
      );
      if (purged) log.info({ purged }, 'deleted sent e-mails past their retention');
    }
    return result;
  }

  /** Runs a pass soon; wakes that arrive while one is waiting to start ride along with it. */
  private readonly wake = () => {
    if (!this.started || this.closed || this.scheduled) return;
    this.scheduled = true;
    void this.exclusive(async () => {
      this.scheduled = false;
      if (this.closed) return;
      await this.pass();
    }).catch((error: unknown) => this.log.warn({ err: error }, 'e-mail outbox pass failed; will try again'));
  };

  /** Starts the worker: listening for new messages, polling, and a first pass for what waits. */
  async start(database: Pick<DatabaseHandle, 'listen'>) {
    if (this.started) return;
    this.started = true;
    const { log } = this;
    let down = false;
    this.subscription = await database.listen(EMAIL_OUTBOX_CHANNEL, {
      onNotification: () => this.wake(),
      onListening: () => {
        down = false;
        this.wake();
      },
      onConnectionLost(error, retryInMs) {
        if (!down)
          log.warn({ err: error, retryInMs }, 'e-mail outbox: not hearing new messages; polling only');
        down = true;
      },
    });
    if (this.settings.pollMs > 0) {
      this.poll = setInterval(this.wake, this.settings.pollMs);
      this.poll.unref();
    }
    this.wake();
  }

  /**
   * Prepares a message in the background and queues it in its own transaction: for requests
   * whose answer must not depend on it (forgot-password answers in the same time whether or
   * not the address has an account). `prepare` returns no message to send none.
   */
  queueLater(label: string, prepare: (tx: Transaction) => Promise<Mail | undefined>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        this.db.transaction(async (tx) => {
          const mail = await prepare(tx);
          if (mail) await queueEmail(tx, mail, label);
        }),
      )
      .catch((error: unknown) => {
        this.count('given-up');
        this.log.error({ err: error, mail: label }, 'e-mail could not be prepared; not sent');
      })
      .finally(() => this.preparing.delete(task));
    this.preparing.add(task);
  }

  /** One pass of the worker: sends what is due now (tests drive the worker with it). */
  runDue(): Promise<{ sent: number; failed: number }> {
    return this.exclusive(() => this.pass());
  }

  /** Sends every waiting message now, ignoring backoff pauses (tests, scripts). */
  async drain(): Promise<{ sent: number; failed: number }> {
    while (this.preparing.size > 0) await Promise.all([...this.preparing]);
    return this.exclusive(() => this.pass(true));
  }

  /** What waits to be sent: the /metrics gauges (decision 018) read this. */
  readonly stats = () => repository.waitingStats(this.db);

  /** Stops the worker; what was prepared is queued and what is due is sent once more first. */
  async close() {
    while (this.preparing.size > 0) await Promise.all([...this.preparing]);
    if (this.poll) clearInterval(this.poll);
    await this.subscription?.close();
    const wasStarted = this.started;
    this.closed = true;
    await this.exclusive(async () => {
      if (wasStarted) await this.pass();
    }).catch((error: unknown) => this.log.warn({ err: error }, 'e-mail outbox: last pass failed'));
  }
}

export function createEmailOutbox(deps: EmailOutboxDeps): EmailOutbox {
  return new EmailOutbox(deps);
}
