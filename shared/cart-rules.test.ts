import { describe, expect, it } from 'vitest';
import { clampQuantity } from './cart-rules';

describe('clampQuantity', () => {
  it('keeps typed quantities within 1..10 and within stock', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(50)).toBe(10);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(8, 5)).toBe(5);
    expect(clampQuantity(8, 0)).toBe(1);
  });
});
