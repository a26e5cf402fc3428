import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  defaultLocale,
  isLocale,
  type Locale,
  languageCookie,
  localizePath,
  splitLocale,
} from '../../shared/locales.js';

const oneYear = 365 * 24 * 60 * 60;

/** A cookie's value from the request's Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** A path on this site to go on to: one leading slash, no scheme or other host (`//evil.example`). */
function sitePath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !/^\/[/\\]/.test(value) ? value : '/';
}

/**
 * The page in the language the shopper chose with the switcher, when they open an English address
 * (a link, a bookmark, the home page): null when that is the page they asked for. Pages at a
 * language's own address (`/hi/...`) are always shown in it, and crawlers, who carry no cookie, are
 * never redirected.
 */
export function rememberedLanguageRedirect(request: FastifyRequest): string | null {
  const chosen = cookieValue(request.headers.cookie, languageCookie);
  if (!isLocale(chosen) || chosen === defaultLocale) return null;
  const url = request.url;
  if (splitLocale(url.split('?')[0]!).locale !== defaultLocale) return null;
  return localizePath(chosen, url);
}

/**
 * `/language?to=hi&next=/cart`: the language switcher's links. Remembers the choice and sends the
 * shopper to the page they were on, in that language. Works without JavaScript.
 */
export async function languageRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string; next?: string } }>('/language', async (request, reply) => {
    const { to } = request.query;
    if (!isLocale(to)) {
      return reply
        .status(400)
        .type('text/plain; charset=utf-8')
        .send('Unknown language. Try /language?to=hi or ?to=en.');
    }
    const { path } = splitLocale(sitePath(request.query.next));
    const locale: Locale = to;
    return reply
      .header('set-cookie', `${languageCookie}=${locale}; Path=/; Max-Age=${oneYear}; SameSite=Lax`)
      .header('cache-control', 'no-store')
      .redirect(localizePath(locale, path), 303);
  });
}
