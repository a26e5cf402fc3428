/** The pauses of an outbox's retries (decision 019), shared by the e-mail and the SMS/WhatsApp workers. */
export type RetrySchedule = {
  /** The pause after the first failed attempt; it doubles with each further one... */
  retryFirstMs: number;
  /** ...up to this. */
  retryMaxMs: number;
};

/**
 * The pause before the next attempt after `attempts` failed ones: first, doubling, capped, with
 * "equal jitter" (half fixed, half random) so messages that failed together (an outage) do not
 * all come back in the same instant, nor retry much sooner than the schedule says.
 */
export function retryDelayMs(
  attempts: number,
  settings: RetrySchedule,
  random: () => number = Math.random,
): number {
  const base = Math.min(settings.retryMaxMs, settings.retryFirstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base / 2 + (random() * base) / 2);
}
