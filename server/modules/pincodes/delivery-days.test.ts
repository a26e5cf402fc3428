import { describe, expect, it } from 'vitest';
import { INDIAN_REGION_NAMES } from '../../../shared/india.js';
import { deliveryBy, estimatedDeliveryDays, secondsToIndiaMidnight } from './delivery-days.js';

const india = (local: string) => Date.parse(`${local}+05:30`);

describe('deliveryBy', () => {
  it('adds working days, Sundays not counted', () => {
    // Wednesday 18 November 2026.
    expect(deliveryBy(india('2026-11-18T09:00:00'), 1)).toBe('2026-11-19');
    expect(deliveryBy(india('2026-11-18T09:00:00'), 3)).toBe('2026-11-21'); // Saturday
    expect(deliveryBy(india('2026-11-18T09:00:00'), 4)).toBe('2026-11-23'); // over Sunday 22
    expect(deliveryBy(india('2026-11-18T09:00:00'), 10)).toBe('2026-11-30'); // over two Sundays
  });

  it('never promises a Sunday, even for the same day', () => {
    expect(deliveryBy(india('2026-11-21T09:00:00'), 0)).toBe('2026-11-21'); // Saturday
    expect(deliveryBy(india('2026-11-22T09:00:00'), 0)).toBe('2026-11-23'); // Sunday -> Monday
    expect(deliveryBy(india('2026-11-22T09:00:00'), 1)).toBe('2026-11-23');
  });

  it('starts from the date in India, across months and years', () => {
    expect(deliveryBy(Date.parse('2026-12-31T19:00:00Z'), 1)).toBe('2027-01-02'); // already 1 Jan in India
    expect(deliveryBy(india('2026-12-31T23:59:00'), 1)).toBe('2027-01-01');
  });
});

describe('secondsToIndiaMidnight', () => {
  it('counts down to 00:00 in India', () => {
    expect(secondsToIndiaMidnight(india('2026-11-21T23:00:00'))).toBe(3600);
    expect(secondsToIndiaMidnight(india('2026-11-21T00:00:00'))).toBe(86_400);
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
