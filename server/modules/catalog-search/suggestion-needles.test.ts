import { describe, expect, it } from 'vitest';
import { englishNeedle, hindiNeedle } from './suggestion-needles.js';

const brands = [{ english: 'nalli', hindi: 'नल्ली' }];

describe("the suggestions' needles", () => {
  it('fold a Devanagari text as the Hindi names are kept, Latin and digits left out', () => {
    expect(hindiNeedle('सैम')).toBe('सैम');
    expect(hindiNeedle('घड़ियाँ')).toBe('घडी');
    expect(hindiNeedle('samsung टीवी')).toBe('टीवी');
    expect(hindiNeedle('५५')).toBe('');
  });

  it('put Hindi and Hinglish in English: whole words, an unfinished last word from three letters', () => {
    expect(englishNeedle('सैम', brands)).toBe('samsung');
    expect(englishNeedle('सैमसंग टीवी', brands)).toBe('samsung tv');
    expect(englishNeedle('samsung टीवी', brands)).toBe('samsung tv');
    expect(englishNeedle('ghad', brands)).toBe('watch');
    expect(englishNeedle('chappal', brands)).toBe('sandals');
    expect(englishNeedle('नल्', brands)).toBe('nalli');
    expect(englishNeedle('सस्ता फ़ोन', brands)).toBe('phone');
  });

  it('leave English, short words and unknown Devanagari alone', () => {
    expect(englishNeedle('samsung', brands)).toBeUndefined();
    expect(englishNeedle('jo', brands)).toBeUndefined();
    expect(englishNeedle('सै', brands)).toBeUndefined();
    expect(englishNeedle('कखग', brands)).toBeUndefined();
  });
});
