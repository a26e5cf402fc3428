import { describe, expect, it } from 'vitest';
import { deliveryDayIn, formatDeliveryDay, formatDeliveryDayIn } from './delivery-day';

describe('formatDeliveryDay', () => {
  it('writes a day in English by default and in Hindi when asked', () => {
    expect(formatDeliveryDay('2026-12-01')).toBe('Tue, 1 Dec');
    expect(formatDeliveryDayIn('hi', '2026-12-01')).toBe('मंगल, 1 दिसंबर');
    expect(formatDeliveryDayIn('hi', '2026-11-29')).toBe('रवि, 29 नवंबर');
  });

  it('leaves a day it cannot read as it is', () => {
    expect(formatDeliveryDayIn('hi', 'soon')).toBe('soon');
  });
});

describe('deliveryDayIn', () => {
  it('says the server’s English day in a page’s language; anything else untouched', () => {
    expect(deliveryDayIn('hi', 'Tue, 1 Dec')).toBe('मंगल, 1 दिसंबर');
    expect(deliveryDayIn('en', 'Tue, 1 Dec')).toBe('Tue, 1 Dec');
    expect(deliveryDayIn('hi', 'tomorrow')).toBe('tomorrow');
    expect(deliveryDayIn('hi', 'Xyz, 1 Dec')).toBe('Xyz, 1 Dec');
  });
});
