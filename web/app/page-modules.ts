import type { ComponentType } from 'react';
import type { RouteDef } from '../lib/route-types';

/**
 * Page components already imported, by module. Rendering reads from here synchronously, so a page
 * is only ever shown once its chunk is in: no Suspense fallback, no hydration mismatch.
 */
const loaded = new Map<string, ComponentType>();

export async function loadPage(route: RouteDef): Promise<ComponentType> {
  const known = loaded.get(route.page.module);
  if (known) return known;
  const module = await route.page();
  loaded.set(route.page.module, module.default);
  return module.default;
}

export function loadedPage(route: RouteDef): ComponentType | undefined {
  return loaded.get(route.page.module);
}
