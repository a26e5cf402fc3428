import type { ServiceDeps } from '../../service-deps.js';

/** Issue 13 (merchant console): filled in by its slice. */
export function createTaxonomyService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
