import { describe, expect, it } from 'vitest';
import { formatDeliveryDay } from '../../../shared/delivery-day.js';
import { NDR_ANSWER_HOURS, reattemptDays, respondByOf } from './failed-deliveries.js';

/** The days a failed delivery may be attempted again, in India time, Sundays skipped. */
describe('reattemptDays', () => {
  it('offers the next three days the courier delivers, not today and not Sundays', () => {
    // Friday 27 November 2026, 10:00 in India.
    expect(reattemptDays(new Date('2026-11-27T04:30:00Z'))).toEqual([
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
    ]);
    // Saturday: Sunday is skipped.
    expect(reattemptDays(new Date('2026-11-28T04:30:00Z'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('counts from the day in India, not in UTC', () => {
    // 23:30 on Saturday in India is still Saturday there (18:00 UTC).
    expect(reattemptDays(new Date('2026-11-28T18:00:00Z'))[0]).toBe('2026-11-30');
    // 00:30 on Sunday in India (19:00 UTC on Saturday) is Sunday there: Monday is still first.
    expect(reattemptDays(new Date('2026-11-28T19:00:00Z'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    // 00:30 on Monday in India (Sunday 19:00 UTC): Tuesday first.
    expect(reattemptDays(new Date('2026-11-29T19:00:00Z'))[0]).toBe('2026-12-01');
  });

  it('gives the customer the courier’s whole window from the scan', () => {
    const scan = new Date('2026-11-27T06:00:00Z');
    expect(respondByOf(scan).getTime() - scan.getTime()).toBe(NDR_ANSWER_HOURS * 3_600_000);
  });

  it('writes a day as the shop does', () => {
    expect(formatDeliveryDay('2026-12-02')).toBe('Wed, 2 Dec');
    expect(formatDeliveryDay('not a day')).toBe('not a day');
  });
});
