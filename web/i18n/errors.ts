import { useLingui } from '@lingui/react';
import { defaultLocale } from '../../shared/locales';

/**
 * Messages written in English elsewhere (the shared form rules, the API's answers: the original
 * clients read them in English) are shown in the page's language when the `errors` catalogue has
 * them: keyed by the English text's words, `Enter a valid 6-digit PIN code` ->
 * `errors.enter-a-valid-6-digit-pin-code`. One with no translation stays English, marked so.
 */
export function errorKey(message: string): string {
  const words = message
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `errors.${words.slice(0, 80)}`;
}

const latinOnly = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]*$/u;

export type ShownText = { text: string; lang?: string };

/** The page's words for an English message, and `lang="en"` when it has none. */
export function useErrorText(): (message: string) => ShownText {
  const { i18n } = useLingui();
  return (message) => {
    if (i18n.locale === defaultLocale) return { text: message };
    const key = errorKey(message);
    if (key in i18n.messages) return { text: i18n._(key) };
    // Text already in the page's language (a toast the page wrote itself) is left as it is.
    return latinOnly.test(message) ? { text: message, lang: defaultLocale } : { text: message };
  };
}
