import { defaultLocale, isLocale, type Locale } from '../../shared/locales.js';

/**
 * The language of a request from someone who may have no account (a guest's complaint, a contact
 * message): the form's own `language` field when it sent one, else the first of the shop's
 * languages in `Accept-Language` (by its q-values; `hi-IN` counts as `hi`), else English.
 */
export function requestLanguage(
  headers: { 'accept-language'?: string | string[] | undefined },
  given?: string | null,
): Locale {
  if (isLocale(given)) return given;
  const header = headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        code: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked.find((entry) => isLocale(entry.code))?.code as Locale | undefined) ?? defaultLocale;
}
