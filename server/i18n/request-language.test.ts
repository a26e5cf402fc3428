import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.js';

describe('the language of a request', () => {
  it("is the form's own language field when it sent one of the shop's languages", () => {
    expect(requestLanguage({ 'accept-language': 'en-IN' }, 'hi')).toBe('hi');
    expect(requestLanguage({ 'accept-language': 'hi-IN' }, 'en')).toBe('en');
  });

  it("else the first of the shop's languages in Accept-Language, by preference", () => {
    expect(requestLanguage({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    expect(requestLanguage({ 'accept-language': 'ta-IN, hi;q=0.7, en;q=0.5' })).toBe('hi');
    expect(requestLanguage({ 'accept-language': 'en;q=0.4, HI;q=0.8' })).toBe('hi');
    expect(requestLanguage({ 'accept-language': 'en-GB,en;q=0.9,hi;q=0.8' })).toBe('en');
    expect(requestLanguage({ 'accept-language': 'hi;q=0, en' })).toBe('en');
  });

  it('else English', () => {
    expect(requestLanguage({})).toBe('en');
    expect(requestLanguage({ 'accept-language': 'fr-FR,de;q=0.5' })).toBe('en');
    expect(requestLanguage({ 'accept-language': '*' }, 'fr')).toBe('en');
    expect(requestLanguage({ 'accept-language': ';;,,q=' })).toBe('en');
  });
});
