import type * as schemas from './catalog.schemas.js';
import { endpoint } from './endpoint.js';

export const listProducts = endpoint<typeof schemas.listProducts>({
  method: 'GET',
  path: '/api/product',
  access: 'public',
  tag: 'Catalogue',
  summary: 'List products',
  description:
    'Filters, sort and paging in the query, as the original clients send them: doubled `&&` and trailing separators are ignored, `price[gte]`-style bounds are rupees, list filters take repeated keys or comma lists. Without `limit` at most 100 products (up to 10,000 for a staff token, as the original admin client expects). Each product’s `color` is a list of colour ids here (the product’s own page has the colours). Archived products are left out. The number of matches over all pages is in the `X-Total-Count` header: exact, but for a search: exact up to 1,000 and an estimate above, marked by `X-Total-Count-Estimated: true` (so is a price range’s in the seconds after a catalogue change while the server reads its shelf index again). With `q` and no `sort`, the best matches come first (title over brand over category over description, in English and in Hindi; close spellings, common Indian words for things, Hindi in Devanagari and Hinglish match too). An unknown key or a malformed value is a 400 naming it.',
  errors: [400],
});

export const productSuggestions = endpoint<typeof schemas.productSuggestions>({
  method: 'GET',
  path: '/api/product/suggestions',
  access: 'public',
  tag: 'Catalogue',
  summary: 'Suggest products for the search box',
  description:
    'Up to 10 products: titles (English or Hindi) starting with `q` first, then words starting with it, then close spellings; Hindi and Hinglish words for things and brands ("सैम", "ghadi") also find the English names.',
  errors: [400],
});

export const productFacets = endpoint<typeof schemas.productFacets>({
  method: 'GET',
  path: '/api/product/facets',
  access: 'public',
  tag: 'Catalogue',
  summary: 'Count products per filter value',
  description:
    'Takes the list’s filters (no sort or paging). Each facet is counted under the other filters but not its own, so other values stay selectable.',
  errors: [400],
});

export const getProduct = endpoint<typeof schemas.getProduct>({
  method: 'GET',
  path: '/api/product/:id',
  access: 'public',
  tag: 'Catalogue',
  summary: 'Read one product',
  description: 'By id or slug, with its colours and up to 50 newest reviews.',
  errors: [404],
});
