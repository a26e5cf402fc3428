/**
 * The shop's languages. English is the default: its pages sit at `/`, its text in the rows' own
 * columns. Every other language has a path prefix (`/hi/...`), a message catalogue per area in
 * `web/i18n/messages/<code>/` and `server/i18n/messages/<code>/`, and content translations in the
 * rows' `translations` column. Adding one is adding it here and translating those files.
 */
export const locales = ['en', 'hi'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The languages content can be translated into (all but English, which the rows hold). */
export const translatedLocales = locales.filter((code) => code !== defaultLocale) as Exclude<Locale, 'en'>[];

/** Each language's own name, as its speakers read it (the switcher shows these). */
export const localeNames: Record<Locale, string> = { en: 'English', hi: 'हिंदी' };

/**
 * The Intl locale for dates and plurals. Amounts keep Indian grouping in every language
 * (shared/money.ts formats with en-IN): ₹1,23,456.00.
 */
export const intlLocales: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Where a page's language is: English at `/cart`, Hindi at `/hi/cart` (the home pages `/` and
 * `/hi/`, as the router's links write it). The storefront's code sees paths without the prefix:
 * the router's base carries it.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const code = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  if (!code || code === defaultLocale || !isLocale(code)) return { locale: defaultLocale, path: pathname };
  return { locale: code, path: pathname.slice(3) || '/' };
}

/** The router's base for a language: '' for English, '/hi' for Hindi. */
export function localeBase(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** A path of the app (`/cart?x=1`) in a language: `/hi/cart?x=1`; the home page is `/hi/`. */
export function localizePath(locale: Locale, path: string): string {
  return `${localeBase(locale)}${path}`;
}

/** The cookie that remembers the language a shopper chose with the switcher. */
export const languageCookie = 'lang';
