/**
 * The server's languages (decision 052): message catalogues in `messages/<locale>/<area>.json`,
 * compiled by Lingui, and the dates of each language in India time. E-mails to a customer are
 * written in their account's language; to someone without one, in their request's.
 */
export { requestLanguage } from './request-language.js';
export type { DateStyle, MessageValues, Translate, Translator } from './translator.js';
export { translator } from './translator.js';
