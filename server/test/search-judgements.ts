/**
 * The search's judged queries: what shoppers type, and what they expect to see first.
 * A result is relevant when its title matches every pattern of `title` (and its category is
 * `category`, when given), so the synthetic products a benchmark adds count when they fit: a
 * synthetic "Samsung Crystal 4K Smart LED TV 55"" is as right for "samsung tv 55" as the demo one.
 * Kinds of query: exact names, brand and kind, kind and audience, specs, misspellings, Hinglish and
 * Indian English, plurals, Hindi in Devanagari and both scripts in one search (decision 051: over the
 * demo catalogue with the Hindi of test/hindi-catalogue.ts). Test data: read by
 * catalog-search/search-relevance.test.ts (and nothing the shop runs).
 */
export type SearchJudgement = {
  query: string;
  /** Every pattern must match a relevant product's title. */
  title: RegExp[];
  category?: string;
  kind:
    | 'name'
    | 'brand and kind'
    | 'kind and audience'
    | 'spec'
    | 'misspelling'
    | 'hinglish'
    | 'plural'
    | 'hindi'
    | 'mixed script';
  /** The same search in English: its first products must be among this one's (Hindi and Hinglish). */
  english?: string;
};

export const searchJudgements: SearchJudgement[] = [
  { query: 'iphone', title: [/iphone/i], kind: 'name' },
  { query: 'macbook air', title: [/macbook air/i], kind: 'name' },
  { query: 'galaxy s24', title: [/galaxy s24/i], kind: 'name' },
  { query: 'playstation 5', title: [/playstation 5/i], kind: 'name' },
  { query: 'airpods pro', title: [/airpods pro/i], kind: 'name' },
  { query: 'g-shock', title: [/g-shock/i], kind: 'name' },
  { query: 'redmi note 13', title: [/redmi note 13/i], kind: 'name' },
  { query: 'samsung tv 55', title: [/samsung/i, /\btv\b/i, /55/], kind: 'brand and kind' },
  { query: 'boat earbuds', title: [/boat/i, /earbuds|airdopes/i], kind: 'brand and kind' },
  { query: 'sony camera', title: [/sony/i, /camera|alpha/i], category: 'Cameras', kind: 'brand and kind' },
  { query: 'dell laptop', title: [/dell/i], category: 'Laptops', kind: 'brand and kind' },
  { query: 'lg washing machine', title: [/\blg\b/i, /washing machine/i], kind: 'brand and kind' },
  { query: 'canon dslr', title: [/canon/i, /dslr/i], kind: 'brand and kind' },
  { query: 'jbl speaker', title: [/jbl/i, /speaker/i], kind: 'brand and kind' },
  {
    query: 'running shoes men',
    title: [/running shoes|sneakers/i],
    category: 'Fashion',
    kind: 'kind and audience',
  },
  { query: 'running shoes', title: [/running shoes/i], kind: 'kind and audience' },
  {
    query: 'watch for women',
    title: [/watch/i, /women|ladies|rose gold/i],
    category: 'Watches',
    kind: 'kind and audience',
  },
  { query: 'mens jeans', title: [/jeans/i], kind: 'kind and audience' },
  { query: 'gaming laptop', title: [/gaming/i], category: 'Laptops', kind: 'kind and audience' },
  { query: '16gb laptop', title: [/16gb/i], category: 'Laptops', kind: 'spec' },
  { query: '55 inch tv', title: [/55/], category: 'TVs', kind: 'spec' },
  { query: 'front load washing machine', title: [/front load/i], kind: 'spec' },
  { query: 'noise cancelling headphones', title: [/noise cancel/i], kind: 'spec' },
  { query: 'samsng tv', title: [/samsung/i, /\btv\b/i], kind: 'misspelling' },
  { query: 'lapptop', title: [/laptop/i], kind: 'misspelling' },
  { query: 'camra', title: [/camera/i], kind: 'misspelling' },
  { query: 'iphnoe', title: [/iphone/i], kind: 'misspelling' },
  { query: 'headphnes', title: [/headphones/i], kind: 'misspelling' },
  { query: 'refrigerater', title: [/refrigerator/i], kind: 'misspelling' },
  { query: 'ghadi', title: [/watch/i], category: 'Watches', kind: 'hinglish', english: 'watch' },
  { query: 'joote', title: [/shoes|sneakers/i], kind: 'hinglish', english: 'shoes' },
  { query: 'mobile', title: [/./], category: 'Mobiles and Tablets', kind: 'hinglish' },
  { query: 'fridge', title: [/refrigerator/i], kind: 'hinglish' },
  { query: 'mixie', title: [/mixer grinder/i], kind: 'hinglish' },
  { query: 'ac', title: [/\bac\b|air conditioner/i], category: 'Home Appliances', kind: 'hinglish' },
  { query: 'chashma', title: [/sunglasses/i], kind: 'hinglish' },
  { query: 'earphones', title: [/earbuds|headphones|airdopes|airpods/i], kind: 'hinglish' },
  { query: 'tvs', title: [/\btv\b/i], category: 'TVs', kind: 'plural' },
  { query: 'smartwatches', title: [/smartwatch|watch/i], category: 'Watches', kind: 'plural' },
  { query: 'speakers', title: [/speaker/i], kind: 'plural' },
  { query: 'air fryer', title: [/air fryer/i], kind: 'name' },
  { query: 'dslr', title: [/dslr/i], kind: 'name' },
  { query: 'microwave', title: [/microwave/i], kind: 'name' },
  { query: 'oneplus 5g', title: [/oneplus/i, /5g/i], kind: 'brand and kind' },
  { query: 'canon mirrorless', title: [/canon/i, /mirrorless/i], kind: 'brand and kind' },
  { query: 'mirrorless camera', title: [/mirrorless/i], category: 'Cameras', kind: 'spec' },
  { query: 'split ac', title: [/split ac/i], kind: 'spec' },
  { query: 'smart tv 43', title: [/43/, /\btv\b/i], category: 'TVs', kind: 'spec' },
  { query: 'samsumg phone', title: [/samsung/i], category: 'Mobiles and Tablets', kind: 'misspelling' },
  { query: 'headfones', title: [/headphones/i], kind: 'misspelling' },
  { query: 'wasing machine', title: [/washing machine/i], kind: 'misspelling' },
  { query: 'televison', title: [/\btv\b/i], category: 'TVs', kind: 'misspelling' },
  { query: 'ghari', title: [/watch/i], category: 'Watches', kind: 'hinglish' },
  { query: 'juta', title: [/shoes|sneakers/i], kind: 'hinglish' },
  { query: 'dhulai', title: [/washing machine/i], kind: 'hinglish' },
  { query: 'mixi', title: [/mixer grinder/i], kind: 'hinglish' },
  { query: 'laptops', title: [/./], category: 'Laptops', kind: 'plural' },
  { query: 'cameras', title: [/camera/i], kind: 'plural' },
  // Hindi and Hinglish (decision 051): some of the products have Hindi titles, some are found
  // through the synonym lists alone (test/hindi-catalogue.ts).
  { query: 'जूते', title: [/shoes|sneakers/i], kind: 'hindi', english: 'shoes' },
  { query: 'जूतों', title: [/shoes|sneakers/i], kind: 'hindi', english: 'shoes' },
  { query: 'घड़ी', title: [/watch/i], category: 'Watches', kind: 'hindi', english: 'watch' },
  { query: 'घडी', title: [/watch/i], category: 'Watches', kind: 'hindi', english: 'watch' },
  { query: 'सैमसंग टीवी', title: [/samsung/i, /\btv\b/i], kind: 'hindi', english: 'samsung tv' },
  { query: 'samsung टीवी', title: [/samsung/i, /\btv\b/i], kind: 'mixed script', english: 'samsung tv' },
  { query: 'सैमसंग', title: [/samsung/i], kind: 'hindi', english: 'samsung' },
  { query: 'कुर्ता', title: [/kurta/i], kind: 'hindi', english: 'kurta' },
  { query: 'kurta', title: [/kurta/i], kind: 'hinglish' },
  { query: 'kurti', title: [/kurti/i], kind: 'hinglish' },
  { query: 'कुर्ती', title: [/kurti/i], kind: 'hindi', english: 'kurti' },
  { query: 'chappal', title: [/sandals|slippers|flip flops/i], kind: 'hinglish', english: 'sandals' },
  { query: 'चप्पल', title: [/sandals|slippers|flip flops/i], kind: 'hindi', english: 'sandals' },
  { query: 'mobile cover', title: [/cover|case/i], kind: 'hinglish', english: 'phone cover' },
  { query: 'फ़ोन कवर', title: [/cover|case/i], kind: 'hindi', english: 'phone cover' },
  { query: 'लैपटॉप', title: [/./], category: 'Laptops', kind: 'hindi', english: 'laptop' },
  { query: 'हेडफ़ोन', title: [/headphones/i], kind: 'hindi', english: 'headphones' },
  { query: 'साड़ी', title: [/saree/i], kind: 'hindi', english: 'saree' },
  { query: 'sari', title: [/saree/i], kind: 'hinglish', english: 'saree' },
  { query: 'कैमरा', title: [/camera/i], kind: 'hindi', english: 'camera' },
  { query: 'sasta phone', title: [/./], category: 'Mobiles and Tablets', kind: 'hinglish', english: 'phone' },
  { query: 'चश्मा', title: [/sunglasses/i], kind: 'hindi', english: 'sunglasses' },
  { query: 'फ्रिज', title: [/refrigerator/i], kind: 'hindi', english: 'refrigerator' },
  {
    query: 'पुरुषों के लिए घड़ी',
    title: [/watch/i, /\bmen\b/i],
    category: 'Watches',
    kind: 'hindi',
    english: 'watch for men',
  },
];
