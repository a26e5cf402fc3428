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

/**
 * The same kinds of search in Hindi, Hinglish and both scripts at once (decision 051): what
 * bench/search-sql-times.ts times beside the English ones.
 */
export const hindiShopperSearches = [
  'जूते',
  'घड़ी',
  'सैमसंग टीवी',
  'samsung टीवी',
  'लैपटॉप',
  'हेडफ़ोन',
  'कैमरा',
  'फ़ोन कवर',
  'mobile cover',
  'चश्मा',
  'फ्रिज',
  'joote',
  'chappal',
  'sasta phone',
  'पुरुषों के लिए घड़ी',
  'डेल लैपटॉप 16gb',
];
