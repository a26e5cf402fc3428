/**
 * What shoppers type in the search box and send (the store page's search): names, brand and kind,
 * specs, typos and Hinglish, one word or several. The load test's searches (api-load.ts) and the
 * in-process timings (search-times.ts).
 */
export const shopperSearches = [
  'iphone',
  'samsung tv 55',
  'running shoes men',
  'boat earbuds',
  'samsng',
  'lapptop',
  'camra',
  'ghadi',
  'dell laptop 16gb',
  'washing machine',
  'sony camera',
  'smartwatch',
  'macbook air',
  'levis jeans',
  'air fryer',
];
