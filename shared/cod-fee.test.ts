import { describe, expect, it } from 'vitest';
import { codFeeOn, NO_COD_FEE } from './cod-fee.js';

describe('codFeeOn', () => {
  it('is the fixed amount plus the percentage of the total, rounded to the paisa halves up', () => {
    expect(codFeeOn(100_000, { fixedPaise: 4_900, percentBp: 200 })).toBe(6_900);
    // 1.5% of ₹333.33 is 499.995 paise: 500.
    expect(codFeeOn(33_333, { fixedPaise: 0, percentBp: 150 })).toBe(500);
    // 2.5% of ₹0.19 is 0.475 paise: 0.
    expect(codFeeOn(19, { fixedPaise: 0, percentBp: 250 })).toBe(0);
    expect(codFeeOn(100_000, { fixedPaise: 2_500, percentBp: 0 })).toBe(2_500);
  });

  it('is nothing where the shop charges none, and exact on the largest orders', () => {
    expect(codFeeOn(5_000_000, NO_COD_FEE)).toBe(0);
    // ₹10 crore at 100%: no floating-point drift.
    expect(codFeeOn(1_000_000_000_00, { fixedPaise: 0, percentBp: 10_000 })).toBe(1_000_000_000_00);
  });
});
