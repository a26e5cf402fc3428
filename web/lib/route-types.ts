import type { ComponentType } from 'react';
import type { Locale, Translate } from '../i18n/i18n';
import type { ApiClient } from './api-client';

/** Who may open a route: anyone, only a signed-in customer, or only a visitor (login, signup). */
export type Access = 'public' | 'signed-in' | 'signed-out';

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** Path of the canonical URL (joined to the public URL); defaults to the current path. */
  canonical?: string;
  /** Absolute URL, or a path on this site, of the Open Graph image. */
  ogImage?: string;
  ogType?: 'website' | 'article' | 'product';
  /** A schema.org object (Product, BlogPosting...), embedded as application/ld+json. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
};

export type LoadContext = {
  api: ApiClient;
  params: Record<string, string>;
  searchParams: URLSearchParams;
  /** Aborted when the shopper navigates away before the load finishes. */
  signal?: AbortSignal;
  /**
   * The page's language, for data kept per language in the app itself (the policy texts) or cut
   * down to it (the blog list's excerpts). English when absent (tests that call a loader).
   */
  locale?: Locale;
};

export type MetaContext = {
  /** Origin of the shop (config.publicUrl on the server), for absolute URLs in JSON-LD. */
  publicUrl: string;
  params: Record<string, string>;
  searchParams: URLSearchParams;
  /** The path without the language prefix (`/cart` on /hi/cart too). */
  pathname: string;
  /** The page's language, and its messages (the route's areas are loaded before `title` runs). */
  locale: Locale;
  t: Translate;
};

export type PageModule = {
  default: ComponentType;
  /**
   * Fetches what this data shows beyond the page's own chunk (web/app/page-modules.ts preparePage),
   * answering those parts' source modules.
   */
  prepare?: (data: unknown) => Promise<string[]>;
};

/** A lazy page import that also names its source module, so the server can preload its chunk. */
export type PageImport = (() => Promise<PageModule>) & { module: string };

type RouteBase = {
  /** wouter-style pattern: `/product/:id`. */
  path: string;
  page: PageImport;
  /**
   * Query parameters the page keeps in the URL for itself (the product page's `?variant=SKU`, so a
   * shared link reopens the choice): they change nothing `load` reads, so changing them loads nothing.
   */
  pageParams?: readonly string[];
  /**
   * The message areas the page uses besides `common` (web/i18n/messages/<locale>/<area>.json),
   * loaded with its chunk in the page's language only.
   */
  messages?: readonly string[];
};

/**
 * Public and signed-out pages are rendered on the server with their data, so `title` (and the
 * route's head) always gets it. Signed-in pages are rendered with theirs only when the request
 * carries the render cookie (decision 027); otherwise their `load` runs in the browser and their
 * `title` is first called without data.
 */
export type RouteDef<D = unknown> = RouteBase &
  (
    | {
        access: 'public' | 'signed-out';
        load?(ctx: LoadContext): Promise<D>;
        /** The document's title; the rest of the head is the server's (web/route-heads.ts). */
        title?(data: D, ctx: MetaContext): string;
      }
    | {
        access: 'signed-in';
        load?(ctx: LoadContext): Promise<D>;
        title?(data: D | undefined, ctx: MetaContext): string;
      }
  );

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

/**
 * Declares a route so that `title` (and the page, through useRouteData) know the type `load`
 * returns: `defineRoute({ load: ({ api, params }) => api.call(getProduct, { params }), title: (product) => ... })`.
 */
export function defineRoute<D>(route: RouteDef<D>): RouteDef {
  return route as RouteDef;
}
