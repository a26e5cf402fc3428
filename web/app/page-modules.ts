import type { ComponentType } from 'react';
import type { PageModule, RouteDef } from '../lib/route-types';

/**
 * Page modules already imported, by module. Rendering reads from here synchronously, so a page
 * is only ever shown once its chunk is in: no Suspense fallback, no hydration mismatch.
 */
const loaded = new Map<string, PageModule>();

async function pageModule(route: RouteDef): Promise<PageModule> {
  const known = loaded.get(route.page.module);
  if (known) return known;
  const module = await route.page();
  loaded.set(route.page.module, module);
  return module;
}

export async function loadPage(route: RouteDef): Promise<ComponentType> {
  return (await pageModule(route)).default;
}

export function loadedPage(route: RouteDef): ComponentType | undefined {
  return loaded.get(route.page.module)?.default;
}

/**
 * The parts of a page that only some of its data shows (an order's refunds, a cash-on-delivery
 * code), fetched once the data says they are shown: the server and the hydrating browser both wait
 * for them, so both draw the same page (web/lib/preloaded-part.tsx).
 */
export async function preparePage(route: RouteDef, data: unknown): Promise<string[]> {
  return (await (await pageModule(route)).prepare?.(data)) ?? [];
}
