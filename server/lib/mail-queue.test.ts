import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailQueue } from './mail-queue.js';
import type { Mail } from './mailer.js';

const mail = (to: string): Mail => ({ to, subject: `Hello ${to}`, text: 'Hi', html: '<p>Hi</p>' });

/** A mailer that fails the first `failures` sends, and a log that keeps what it was told. */
function setup(failures = 0, retryDelaysMs = [5, 10, 20]) {
  const sent: string[] = [];
  const attempts: number[] = [];
  const lines: { level: string; message: string }[] = [];
  const log = {
    warn: (_: unknown, message: string) => lines.push({ level: 'warn', message }),
    error: (_: unknown, message: string) => lines.push({ level: 'error', message }),
  } as unknown as FastifyBaseLogger;
  let left = failures;
  const queue = createMailQueue({
    mailer: {
      async send(message) {
        attempts.push(Date.now());
        if (left-- > 0) throw new Error('421 try again later');
        sent.push(message.to);
      },
    },
    log,
    retryDelaysMs,
  });
  return { queue, sent, attempts, lines };
}

describe('mail queue', () => {
  it('sends after the caller has moved on, and drain waits for it', async () => {
    const { queue, sent } = setup();
    queue.enqueue(mail('a@example.in'));
    expect(sent).toEqual([]);
    expect(queue.pending).toBe(1);
    await queue.drain();
    expect(sent).toEqual(['a@example.in']);
    expect(queue.pending).toBe(0);
  });

  it('prepares a message in the background too, and sends nothing when there is none', async () => {
    const { queue, sent } = setup();
    queue.enqueue(async () => mail('known@example.in'));
    queue.enqueue(async () => undefined);
    await queue.drain();
    expect(sent).toEqual(['known@example.in']);
  });

  it('retries a failure with growing pauses, logging each one', async () => {
    const { queue, sent, attempts, lines } = setup(2);
    queue.enqueue(mail('b@example.in'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual(['b@example.in']);
    expect(attempts).toHaveLength(3);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(attempts[1]! - attempts[0]!);
    expect(lines).toEqual([
      { level: 'warn', message: 'e-mail failed; will retry' },
      { level: 'warn', message: 'e-mail failed; will retry' },
    ]);
  });

  it('gives up after the last retry with an error in the log', async () => {
    const { queue, sent, attempts, lines } = setup(10);
    queue.enqueue(mail('c@example.in'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual([]);
    expect(attempts).toHaveLength(4);
    expect(lines.at(-1)).toEqual({ level: 'error', message: 'e-mail failed; giving up' });
    expect(queue.pending).toBe(0);
  });

  it('logs a message that could not be prepared, and goes on with the others', async () => {
    const { queue, sent, lines } = setup();
    queue.enqueue(async () => {
      throw new Error('database unavailable');
    });
    queue.enqueue(mail('d@example.in'));
    await queue.drain();
    expect(sent).toEqual(['d@example.in']);
    expect(lines).toEqual([{ level: 'error', message: 'e-mail could not be prepared; not sent' }]);
  });

  it('on drain (shutdown), cuts the pauses short instead of waiting minutes', async () => {
    const { queue, sent } = setup(1, [60_000]);
    queue.enqueue(mail('e@example.in'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await queue.drain();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sent).toEqual(['e@example.in']);
  });
});
