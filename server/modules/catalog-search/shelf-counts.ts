/** The filter panel of a list (not a search's: product-search.ts) from the snapshot's groups. */

import type { FacetCounts } from './facet-counts.repository.js';
import { countFacetGroups, priceRange } from './facet-groups.js';
import type { ResolvedFilters } from './shelf-filters.repository.js';
import { firstAtLeast, type Snapshot } from './shelf-snapshot.js';

/** The filter panel from the snapshot's groups, each group's price range by binary search. */
export function countFacets(s: Snapshot, filters: ResolvedFilters): FacetCounts {
  const { low, high, byPrice } = priceRange(filters);
  const { groupStart, prices } = s;
  return countFacetGroups(
    {
      ...s,
      count: s.groupCategory.length,
      inRange: (g) => {
        const from = groupStart[g]!;
        const to = groupStart[g + 1]!;
        return byPrice
          ? firstAtLeast(prices, from, to, high + 1) - firstAtLeast(prices, from, to, low)
          : to - from;
      },
      lowest: (g) => prices[groupStart[g]!]!,
      highest: (g) => prices[groupStart[g + 1]! - 1]!,
    },
    filters,
  );
}
