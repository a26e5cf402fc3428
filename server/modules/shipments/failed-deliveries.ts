import type { ApiFailedDelivery, ApiNdrAnswer } from '../../../shared/api/shipments.schemas.js';
import type { NdrRow } from './failed-deliveries.repository.js';

/**
 * The rules of a failed delivery attempt (an NDR, "non-delivery report"): how long the customer has
 * to answer, which days a re-attempt may be asked for, and how an attempt reads.
 */

/**
 * Hours the shop has to answer a failed attempt. Couriers hold the parcel at the delivery hub
 * waiting for the seller's instruction for about two days (aggregators such as Shiprocket ask for
 * NDR action within 24 to 48 hours); past that the courier tries once more on its own or, after its
 * last attempt, sends the parcel back (return to origin). The shop offers its customer the whole of
 * it, counted from the courier's scan.
 */
export const NDR_ANSWER_HOURS = 48;

/**
 * How many of the next delivery days a re-attempt may be asked for: the hub keeps a parcel only a
 * few days, and a courier plans re-attempts a day ahead, so not today.
 */
export const REATTEMPT_DAY_CHOICES = 3;

const INDIA_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;

/** When the answer to an attempt that failed at `failedAt` is due. */
export const respondByOf = (failedAt: Date) => new Date(failedAt.getTime() + NDR_ANSWER_HOURS * 3_600_000);

/**
 * The days (YYYY-MM-DD, India) a re-attempt may be asked for at `now`: the next days the courier
 * delivers after today, Sundays skipped as every promise of the shop does (decision 043); public
 * holidays are not known to the shop.
 */
export function reattemptDays(now: Date): string[] {
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  let day = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate());
  const days: string[] = [];
  while (days.length < REATTEMPT_DAY_CHOICES) {
    day += DAY_MS;
    if (new Date(day).getUTCDay() !== 0) days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/** Whether an open attempt still waits for its answer at `now`: none given and the window open. */
export const isAwaitingAnswer = (ndr: NdrRow, now: Date) =>
  ndr.closedAt === null && ndr.answerKind === null && now.getTime() <= ndr.respondBy.getTime();

export function presentNdrAnswer(ndr: NdrRow): ApiNdrAnswer | null {
  if (!ndr.answerKind || !ndr.answeredBy || !ndr.answeredAt) return null;
  return {
    kind: ndr.answerKind,
    by: ndr.answeredBy,
    day: ndr.answerDay,
    phoneChanged: ndr.answerPhoneChanged,
    addressChanged: ndr.answerAddressChanged,
    at: ndr.answeredAt.toISOString(),
  };
}

/** An attempt as the order page and the staff's queue read it. */
export function presentFailedDelivery(ndr: NdrRow, now: Date): ApiFailedDelivery {
  return {
    attempt: ndr.attempt,
    reason: ndr.reason,
    at: ndr.failedAt.toISOString(),
    respondBy: ndr.respondBy.toISOString(),
    awaitingAnswer: isAwaitingAnswer(ndr, now),
    days: reattemptDays(now),
    answer: presentNdrAnswer(ndr),
  };
}
