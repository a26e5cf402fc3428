import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words.js';

describe('amountInWords', () => {
  it('writes rupees and paise in the Indian system', () => {
    expect(amountInWords(11_799_950)).toBe(
      'Rupees One Lakh Seventeen Thousand Nine Hundred Ninety-Nine and Fifty Paise Only',
    );
    expect(amountInWords(1_234_567_850)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only',
    );
  });

  it('leaves out the parts that are zero', () => {
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(1_000_000_000)).toBe('Rupees One Crore Only');
    expect(amountInWords(100_000_500)).toBe('Rupees Ten Lakh Five Only');
    expect(amountInWords(200_100)).toBe('Rupees Two Thousand One Only');
    expect(amountInWords(10_005)).toBe('Rupees One Hundred and Five Paise Only');
  });

  it('says zero and paise alone plainly', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Fifty Paise Only');
    expect(amountInWords(1)).toBe('One Paise Only');
  });

  it('hyphenates tens and units, and teens stay one word', () => {
    expect(amountInWords(2_100)).toBe('Rupees Twenty-One Only');
    expect(amountInWords(1_900)).toBe('Rupees Nineteen Only');
    expect(amountInWords(9_900)).toBe('Rupees Ninety-Nine Only');
    expect(amountInWords(4_000)).toBe('Rupees Forty Only');
  });

  it('counts crores in the same system past 99 crore', () => {
    expect(numberInIndianWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(numberInIndianWords(1_000_000_000_000)).toBe('One Lakh Crore');
    expect(numberInIndianWords(99_99_99_999)).toBe(
      'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    );
  });

  it('refuses what is not whole paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});
