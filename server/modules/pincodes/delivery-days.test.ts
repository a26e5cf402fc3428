import { describe, expect, it } from 'vitest';
import { INDIAN_REGION_NAMES } from '../../../shared/india.js';
import {
  deliveryBy,
  estimatedDeliveryDays,
  formatIndiaDay,
  pickupDays,
  secondsUntilDatesMove,
} from './delivery-days.js';

describe('deliveryBy (India time)', () => {
  /** An instant in India: `2025-12-01T10:00` (IST is UTC+05:30). */
  const ist = (local: string) => Date.parse(`${local}:00+05:30`);

  it('dispatches the same day before 14:00, the next day from 14:00', () => {
    // Monday 1 December 2025.
    expect(deliveryBy(ist('2025-12-01T13:59'), 1)).toBe('2025-12-02');
    expect(deliveryBy(ist('2025-12-01T14:00'), 1)).toBe('2025-12-03');
    expect(deliveryBy(ist('2025-12-01T09:00'), 0)).toBe('2025-12-01');
  });

  it('counts India’s date, not UTC’s', () => {
    // 20:00 UTC on Sunday 30 November is 01:30 on Monday 1 December in India.
    expect(deliveryBy(Date.parse('2025-11-30T20:00:00Z'), 1)).toBe('2025-12-02');
    // 09:00 UTC is 14:30 in India: past the cut-off.
    expect(deliveryBy(Date.parse('2025-12-01T09:00:00Z'), 1)).toBe('2025-12-03');
  });

  it('neither dispatches nor delivers on Sundays', () => {
    // Saturday 6 December before the cut-off: out Saturday, one day later is Monday 8.
    expect(deliveryBy(ist('2025-12-06T10:00'), 1)).toBe('2025-12-08');
    // Saturday after the cut-off: out Monday 8, delivered Tuesday 9.
    expect(deliveryBy(ist('2025-12-06T15:00'), 1)).toBe('2025-12-09');
    // Sunday morning: out Monday.
    expect(deliveryBy(ist('2025-12-07T08:00'), 2)).toBe('2025-12-10');
    // Five days from Wednesday 3 December: Thu, Fri, Sat, Mon, Tue 9.
    expect(deliveryBy(ist('2025-12-03T11:00'), 5)).toBe('2025-12-09');
    expect(deliveryBy(ist('2025-12-07T08:00'), 0)).toBe('2025-12-08');
  });

  it('says how long its answers hold: until the cut-off, then until midnight', () => {
    expect(secondsUntilDatesMove(ist('2025-12-01T13:50'))).toBe(600);
    expect(secondsUntilDatesMove(ist('2025-12-01T23:59'))).toBe(60);
    expect(secondsUntilDatesMove(ist('2025-12-01T14:00'))).toBe(10 * 3600);
  });
});

describe('estimatedDeliveryDays', () => {
  it('knows every state and union territory, nearest to the Bengaluru warehouse first', () => {
    for (const state of INDIAN_REGION_NAMES) {
      expect(estimatedDeliveryDays(state), state).toBeGreaterThanOrEqual(2);
      expect(estimatedDeliveryDays(state), state).toBeLessThanOrEqual(8);
    }
    expect(estimatedDeliveryDays('Karnataka')).toBeLessThan(estimatedDeliveryDays('Kerala'));
    expect(estimatedDeliveryDays('Kerala')).toBeLessThan(estimatedDeliveryDays('Delhi'));
    expect(estimatedDeliveryDays('Delhi')).toBeLessThan(estimatedDeliveryDays('Lakshadweep'));
  });
});

describe('pickupDays (India time)', () => {
  const ist = (local: string) => Date.parse(`${local}:00+05:30`);

  it('starts today before the cut-off, tomorrow from it, and skips Sundays', () => {
    // Friday 5 December 2025.
    expect(pickupDays(ist('2025-12-05T13:59'), 3)).toEqual(['2025-12-05', '2025-12-06', '2025-12-08']);
    expect(pickupDays(ist('2025-12-05T14:00'), 3)).toEqual(['2025-12-06', '2025-12-08', '2025-12-09']);
    // Saturday after the cut-off and all Sunday: Monday first.
    expect(pickupDays(ist('2025-12-06T15:00'), 1)).toEqual(['2025-12-08']);
    expect(pickupDays(ist('2025-12-07T09:00'), 2)).toEqual(['2025-12-08', '2025-12-09']);
    // 20:00 UTC on Sunday is 01:30 on Monday in India: Monday counts as today.
    expect(pickupDays(Date.parse('2025-12-07T20:00:00Z'), 1)).toEqual(['2025-12-08']);
  });

  it('names a day as the storefront does', () => {
    expect(formatIndiaDay('2025-12-08')).toBe('Mon, 8 Dec');
  });
});
