import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { defaultLocale } from '../../../shared/locales';
import { type ShownText, useErrorText } from '../../i18n/errors';
import type { Pattern } from './message-patterns';

/**
 * The API's and the form rules' English messages in the page's language. A message without names
 * is found by its words in the `errors` catalogue (useErrorText); one with a product, a code, an
 * amount, a day or a pincode in it is found here, among the templates of buying-messages.ts, and
 * said with its values put back into the translation. Pages in English fetch nothing: they show
 * the server's words as they are.
 */

/** The templates as patterns, and the day's words in a language, once fetched. */
let loaded: { patterns: Pattern[]; dayIn: (locale: string, day: string) => string } | undefined;
let loading: Promise<void> | undefined;

/**
 * Fetches the templates (about 2 KB) and what reads them, once: pages in another language than
 * English ask for them as they show a component that may say a server's message, long before one
 * comes.
 */
export function loadApiMessages(): Promise<void> {
  loading ??= import('./message-patterns').then(
    ({ apiPatterns, deliveryDayIn }) => {
      loaded = { patterns: apiPatterns(), dayIn: deliveryDayIn };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A server's English message in the page's language (`useApiSay`). */
export type Say = (message: string) => string;

/**
 * An English message of the API or the form rules in the language of `i18n`: the translation in
 * its `errors` messages (fetched once the page is interactive), with the message's values put
 * back. A day the server wrote ("Tue, 2 Dec") is said in the page's language too. Unknown
 * messages, messages that come before the templates or the translations have arrived, and every
 * message on an English page, as they are.
 */
export function sayIn(i18n: I18n, message: string): string {
  if (i18n.locale === defaultLocale || !message) return message;
  if (!loaded) {
    void loadApiMessages().catch(() => {});
    return message;
  }
  const { patterns, dayIn } = loaded;
  for (const { key, names, pattern } of patterns) {
    const found = pattern.exec(message);
    if (!found) continue;
    if (!(key in i18n.messages)) return message;
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = found[index + 1] ?? '';
        return [name, name === 'day' ? dayIn(i18n.locale, value) : value];
      }),
    );
    return i18n._(key, values);
  }
  return message;
}

/**
 * The page's `sayIn`, for a component and for what it hands it to (the payment flow). On a page
 * in another language than English it asks for the templates as it first renders, long before a
 * message comes.
 */
export function useApiSay(): Say {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => {
    if (locale !== defaultLocale) void loadApiMessages().catch(() => {});
  }, [locale]);
  return (message) => sayIn(i18n, message);
}

/** useApiSay with `lang="en"` for a message still in English. */
export function useApiText(): (message: string) => ShownText {
  const say = useApiSay();
  const errorText = useErrorText();
  return (message) => {
    const said = say(message);
    return said === message ? errorText(message) : { text: said };
  };
}

/** useApiSay for a field's message (the field marks English itself). */
export function useApiWords(): (message: string | undefined) => string | undefined {
  const say = useApiSay();
  return (message) => (message === undefined ? undefined : say(message));
}
