import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money.js';

describe('money', () => {
  it('formats with Indian digit grouping and the rupee sign', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatPaise(1_234_567_850)).toBe('₹1,23,45,678.50');
    expect(formatPaise(0)).toBe('₹0.00');
  });

  it('converts between rupees and paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(1999)).toBe(19.99);
  });
});
