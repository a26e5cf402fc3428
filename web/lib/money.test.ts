import { describe, expect, it } from 'vitest';
import { priceText } from './money';

describe('priceText', () => {
  it('shows one price as before, and a range of whole rupees when the variants differ', () => {
    expect(priceText({ price: 699, priceMax: 699 })).toBe('₹699.00');
    expect(priceText({ price: 699 })).toBe('₹699.00');
    expect(priceText({ price: 699, priceMax: 899 })).toBe('₹699 – ₹899');
    expect(priceText({ price: 119999, priceMax: 139999 })).toBe('₹1,19,999 – ₹1,39,999');
  });

  it('keeps paise rather than rounding a price', () => {
    expect(priceText({ price: 699.5, priceMax: 899 })).toBe('₹699.50 – ₹899.00');
  });
});
