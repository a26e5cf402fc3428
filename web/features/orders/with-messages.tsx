import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ReactNode, use, useEffect } from 'react';
import { defaultLocale, type Locale } from '../../../shared/locales';
import { loadMessages } from '../../i18n/catalogues';

/**
 * Words of a part of a page that most visits never show (the order page's dialogs, a failed
 * delivery's answer form): their own area, fetched with that part's code instead of with the page
 * (the first load stays small, decision 006), and added to the page's messages before it renders.
 * Wrap the part in it inside a Suspense boundary; `prefetchMessages` starts the request early (a
 * pointer resting on the button that opens it).
 */
const ready = new WeakMap<I18n, Map<string, Promise<void>>>();

export function prefetchMessages(locale: Locale, area: string): void {
  void loadMessages(locale, [area]).catch(() => {});
}

function messagesIn(i18n: I18n, area: string): Promise<void> {
  const areas = ready.get(i18n) ?? new Map<string, Promise<void>>();
  ready.set(i18n, areas);
  let loaded = areas.get(area);
  if (!loaded) {
    const locale = i18n.locale as Locale;
    loaded = loadMessages(locale, [area]).then(
      (messages) => i18n.load(locale, messages),
      (error: unknown) => {
        // Offline: opening the part again asks again (the error boundary says what happened).
        areas.delete(area);
        throw error;
      },
    );
    areas.set(area, loaded);
  }
  return loaded;
}

export function WithMessages({ area, children }: { area: string; children: ReactNode }) {
  const { i18n } = useLingui();
  use(messagesIn(i18n, area));
  return children;
}

/**
 * The translations of English the server writes (an order's timeline), fetched once the page is
 * interactive and only in another language than English: English pages show the server's words.
 * Until they arrive the lines stay English, marked so (as the `errors` area does, app.tsx).
 */
export function useLaterMessages(area: string): void {
  const { i18n } = useLingui();
  useEffect(() => {
    if (i18n.locale !== defaultLocale) void messagesIn(i18n, area).catch(() => {});
  }, [i18n, area]);
}
