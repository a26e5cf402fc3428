import { type I18n, setupI18n } from '@lingui/core';
import { formatDeliveryDay } from '../../shared/delivery-day.js';
import { defaultLocale, intlLocales, isLocale, type Locale } from '../../shared/locales.js';
import { SHOP_NAME } from '../lib/shop-name.js';
import { compiledCatalogues } from './catalogues.js';

/** A message's variables: already formatted text (amounts through formatPaise, dates below) or counts. */
export type MessageValues = Record<string, string | number>;
export type Translate = (key: string, values?: MessageValues) => string;

/**
 * How dates are written in messages, all in India time:
 * - `date`: 4 December 2026 / 4 दिसंबर 2026
 * - `dateTime`: 4 December 2026 at 10:30 am / 4 दिसंबर 2026 को 10:30 am बजे
 * - `shortDateTime`: 4 Dec 2026, 10:30 am / 4 दिस॰ 2026, 10:30 am
 * - `deadline`: Fri, 4 Dec, 10:30 am / शुक्र, 4 दिस॰, 10:30 am
 */
export type DateStyle = 'date' | 'dateTime' | 'shortDateTime' | 'deadline';

export type Translator = {
  locale: Locale;
  /** For `<html lang>`. */
  lang: string;
  /** The message `key` (`<area>.<key>`) with its variables; `{shop}` is always the shop's name. */
  t: Translate;
  date(at: Date, style: DateStyle): string;
  /** A delivery day (`2026-12-02`, a calendar day in India): "Wed, 2 Dec" / "बुध, 2 दिस॰". */
  deliveryDay(day: string): string;
};

const TIME_ZONE = 'Asia/Kolkata';
const DATE_OPTIONS: Record<Exclude<DateStyle, 'deadline'>, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'long' },
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
  shortDateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

// Read and compiled as the server starts (the first import): a catalogue that does not parse
// stops it there, never in the middle of an order's transaction.
const catalogues = compiledCatalogues();

function build(locale: Locale): Translator {
  const intl = intlLocales[locale];
  const i18n: I18n = setupI18n({ locale, messages: { [locale]: catalogues[locale] } });
  const english = locale === defaultLocale ? undefined : translator(defaultLocale);
  const formats = Object.fromEntries(
    Object.entries(DATE_OPTIONS).map(([style, options]) => [
      style,
      new Intl.DateTimeFormat(intl, { ...options, timeZone: TIME_ZONE }),
    ]),
  ) as Record<Exclude<DateStyle, 'deadline'>, Intl.DateTimeFormat>;
  const deadline = new Intl.DateTimeFormat(intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: TIME_ZONE,
  });
  const day = new Intl.DateTimeFormat(intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

  const t: Translate = (key, values = {}) => {
    if (!(key in catalogues[locale])) {
      // The missing-key test keeps the languages level; should one slip through, the English
      // sentence is better than the key, and a key English lacks is a mistake tests must catch.
      if (english) return english.t(key, values);
      throw new Error(`No message "${key}" in server/i18n/messages/${locale}`);
    }
    return i18n._(key, { shop: SHOP_NAME, ...values });
  };

  return {
    locale,
    lang: locale,
    t,
    date(at, style) {
      if (style !== 'deadline') return formats[style].format(at);
      const parts = Object.fromEntries(deadline.formatToParts(at).map((p) => [p.type, p.value]));
      return `${parts.weekday}, ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
    },
    deliveryDay(value) {
      // English keeps the storefront's and the console's own words for a day (shared/delivery-day.ts).
      if (locale === defaultLocale) return formatDeliveryDay(value);
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? value : day.format(date);
    },
  };
}

const built = new Map<Locale, Translator>();

/**
 * The messages and dates of one language. Anything that is not one of the shop's languages (a
 * stored value from before a language was removed, a missing one) reads as English.
 */
export function translator(locale: string | null | undefined): Translator {
  const code: Locale = isLocale(locale) ? locale : defaultLocale;
  let found = built.get(code);
  if (!found) {
    found = build(code);
    built.set(code, found);
  }
  return found;
}
