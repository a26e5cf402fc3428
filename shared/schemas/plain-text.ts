import * as z from 'zod/mini';

/**
 * What an HTML parser would start a tag, comment or declaration with: `<` followed by a letter,
 * `/`, `!` or `?`. A `<` before a space or a digit ("a < b", "I <3 it", "<5 days") is text to
 * every browser, so it stays allowed.
 */
const MARKUP_START = /<[a-zA-Z/!?]/;

export const PLAIN_TEXT_MESSAGE = 'Please write plain text, without HTML tags such as <b> or <a href>.';

/** True when a browser rendering `text` as HTML would read part of it as markup. */
export function hasMarkup(text: string): boolean {
  return MARKUP_START.test(text);
}

/**
 * Refuses markup in free text customers write (reviews, enquiries, complaints). The shop shows
 * them as text, but clients of the original API may put them into a page with innerHTML: refusing
 * on write keeps a stored `<img onerror>` from ever reaching such a page. Refused rather than
 * stripped, so nobody's words are changed behind their back and the form says what to fix.
 */
export const plainText = () => z.refine<string>((text) => !hasMarkup(text), PLAIN_TEXT_MESSAGE);
