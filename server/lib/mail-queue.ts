import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.js';
import type { ShopMetrics } from './metrics.js';

/**
 * E-mail sent after the response instead of inside the request: how long a request takes must not
 * say whether a message went out (forgot-password would tell which addresses have accounts), and a
 * slow or failing mail server must not fail the request that caused the message.
 *
 * A job is a message, or a function that prepares one (and may decide there is none) in the
 * background too, so the request does the same work whichever way the answer goes. Preparing runs
 * once; sending is retried with a growing pause, and a message that still fails is logged. The
 * queue lives in this process: `drain()` (on app close) waits for every job, cutting the pauses
 * short, so a shutdown or a test's end does not lose a message that was already promised.
 */
export type MailJob = Mail | (() => Promise<Mail | undefined>);

export type MailQueue = {
  enqueue(job: MailJob, label?: string): void;
  /** Resolves once every queued job has been sent or given up on. */
  drain(): Promise<void>;
  readonly pending: number;
};

/** Pauses before the 2nd, 3rd and 4th attempts: about a minute of trying in all. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 45_000] as const;

export function createMailQueue(options: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
  metrics?: Pick<ShopMetrics, 'emails'>;
}): MailQueue {
  const { mailer, log } = options;
  const count = (outcome: 'queued' | 'given-up') => options.metrics?.emails.inc({ outcome });
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const running = new Set<Promise<void>>();
  const sleepers = new Set<() => void>();
  let draining = false;

  /** A pause that drain() ends early; the timer never keeps the process alive on its own. */
  function pause(ms: number): Promise<void> {
    if (draining) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });
  }

  async function deliver(job: MailJob, label: string) {
    let mail: Mail | undefined;
    try {
      mail = typeof job === 'function' ? await job() : job;
    } catch (error) {
      log.error({ err: error, mail: label }, 'e-mail could not be prepared; not sent');
      count('given-up');
      return;
    }
    if (!mail) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await mailer.send(mail);
        return;
      } catch (error) {
        const delay = delays[attempt - 1];
        if (delay === undefined) {
          log.error(
            { err: error, mail: label, subject: mail.subject, attempts: attempt },
            'e-mail failed; giving up',
          );
          count('given-up');
          return;
        }
        log.warn({ err: error, mail: label, attempt, retryInMs: delay }, 'e-mail failed; will retry');
        await pause(delay);
      }
    }
  }

  return {
    enqueue(job, label = typeof job === 'function' ? 'e-mail' : job.subject) {
      count('queued');
      // setImmediate: the job starts once the current request has handed its answer to the socket.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deliver(job, label))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      draining = true;
      try {
        while (running.size > 0) {
          for (const wake of [...sleepers]) wake();
          await Promise.all([...running]);
        }
      } finally {
        draining = false;
      }
    },
    get pending() {
      return running.size;
    },
  };
}
