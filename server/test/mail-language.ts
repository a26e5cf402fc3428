import { expect } from 'vitest';

/** Any Devanagari letter or sign. */
export const DEVANAGARI = /[\u0900-\u097F]/;

type Mail = { subject: string; text: string; html: string };

/** A Hindi message: subject, text and HTML in Devanagari, the HTML part marked `lang="hi"`. */
export function expectHindi(mail: Mail, ...phrases: string[]) {
  expect(mail.subject).toMatch(DEVANAGARI);
  expect(mail.text).toMatch(/^नमस्ते/);
  expect(mail.html).toContain('<html lang="hi">');
  for (const phrase of phrases) {
    expect(mail.text).toContain(phrase);
    expect(mail.html).toContain(phrase);
  }
}

/** An English message: no Devanagari anywhere, the HTML part marked `lang="en"`. */
export function expectEnglish(mail: Mail) {
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(DEVANAGARI);
  expect(mail.text).toMatch(/^Hello/);
  expect(mail.html).toContain('<html lang="en">');
}
