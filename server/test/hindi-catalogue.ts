import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { brands, categories, products } from '../db/schema.js';
import { createProduct } from './factories.js';

/**
 * Hindi for the search tests (decision 051), over the demo catalogue: some demo products, brands
 * and categories get Hindi names, and products the demo does not sell (kurtas, sarees, sandals,
 * phone covers) are added, some with Hindi titles and some without, which Hindi searches then find
 * through the synonym lists alone. Test data only: the shop's own Hindi comes from its merchants.
 */

/** Demo products' English titles -> their Hindi titles. */
export const hindiProductTitles: Readonly<Record<string, string>> = {
  'Titan Neo Analog Watch for Men': 'टाइटन नियो एनालॉग घड़ी पुरुषों के लिए',
  "Titan Raga Women's Rose Gold Watch": 'टाइटन रागा महिलाओं की रोज़ गोल्ड घड़ी',
  'Adidas Ultraboost Light Running Shoes': 'एडिडास अल्ट्राबूस्ट लाइट रनिंग जूते',
  "Puma Men's Smashic Sneakers": 'प्यूमा पुरुषों के स्मैशिक स्नीकर्स',
  'Samsung Crystal 4K Vivid 55" Smart LED TV': 'सैमसंग क्रिस्टल 4K विविड 55" स्मार्ट एलईडी टीवी',
  'Canon EOS 1500D DSLR Camera with 18-55mm Lens': 'कैनन EOS 1500D डीएसएलआर कैमरा 18-55mm लेंस के साथ',
  'Sony WH-1000XM5 Wireless Noise Cancelling Headphones': 'सोनी WH-1000XM5 वायरलेस नॉइज़ कैंसलिंग हेडफ़ोन',
  'Dell Inspiron 15 3520 Laptop (Core i5 12th Gen, 16GB, 512GB SSD)':
    'डेल इंस्पिरॉन 15 3520 लैपटॉप (Core i5, 16GB)',
  'Samsung Galaxy S24 5G (8GB RAM, 256GB)': 'सैमसंग गैलेक्सी S24 5G (8GB RAM, 256GB)',
  'Fastrack Polarised Wayfarer Sunglasses (Unisex)': 'फास्ट्रैक पोलराइज़्ड वेफेरर धूप का चश्मा',
};

export const hindiBrandTitles: Readonly<Record<string, string>> = {
  Samsung: 'सैमसंग',
  Sony: 'सोनी',
  Titan: 'टाइटन',
  Canon: 'कैनन',
};

export const hindiCategoryTitles: Readonly<Record<string, string>> = {
  Watches: 'घड़ियाँ',
  TVs: 'टीवी',
  Cameras: 'कैमरे',
  Laptops: 'लैपटॉप',
  Fashion: 'फ़ैशन',
  'Mobiles and Tablets': 'मोबाइल और टैबलेट',
};

type FixtureProduct = {
  title: string;
  brand: string;
  category: string;
  sold: number;
  hindi?: { title?: string; description?: string };
};

/** Products the demo does not sell; those without `hindi` are found through synonyms alone. */
export const hindiFixtureProducts: readonly FixtureProduct[] = [
  {
    title: "Manyavar Men's Silk Blend Kurta",
    brand: 'Manyavar',
    category: 'Fashion',
    sold: 40,
    hindi: { title: 'मान्यवर पुरुषों का सिल्क ब्लेंड कुर्ता' },
  },
  { title: "Biba Women's Cotton Straight Kurta", brand: 'Biba', category: 'Fashion', sold: 35 },
  { title: "Biba Women's Printed Cotton Kurti", brand: 'Biba', category: 'Fashion', sold: 30 },
  {
    title: "W Women's Rayon A-Line Kurti",
    brand: 'W',
    category: 'Fashion',
    sold: 25,
    hindi: { title: 'डब्ल्यू महिलाओं की रेयॉन ए-लाइन कुर्ती' },
  },
  {
    title: 'Kanjeevaram Silk Saree with Blouse Piece',
    brand: 'Nalli',
    category: 'Fashion',
    sold: 20,
    hindi: { title: 'कांजीवरम सिल्क साड़ी ब्लाउज़ पीस के साथ' },
  },
  {
    title: 'Banarasi Art Silk Saree',
    brand: 'Nalli',
    category: 'Fashion',
    sold: 18,
    // A Hindi description only: its words are in the document at weight D.
    hindi: { description: '<p>शादी और त्योहारों के लिए बनारसी <b>ज़री</b> वाली साड़ी।</p>' },
  },
  { title: "Bata Men's Comfort Sandals", brand: 'Bata', category: 'Fashion', sold: 45 },
  { title: "Paragon Women's Soft Slippers", brand: 'Paragon', category: 'Fashion', sold: 28 },
  { title: 'Sparx Everyday Flip Flops', brand: 'Sparx', category: 'Fashion', sold: 22 },
  {
    title: 'Spigen Liquid Air Phone Cover for Galaxy S24 5G',
    brand: 'Spigen',
    category: 'Mobiles and Tablets',
    sold: 50,
  },
  {
    title: 'Silicone Mobile Back Cover for Redmi Note 13 5G',
    brand: 'Spigen',
    category: 'Mobiles and Tablets',
    sold: 32,
    hindi: { title: 'सिलिकॉन मोबाइल बैक कवर रेडमी नोट 13 5G के लिए' },
  },
  // "jute" is a fabric: it must not find shoes (the synonym lists never map it to "joote").
  { title: 'Handmade Jute Tote Bag', brand: 'Nalli', category: 'Fashion', sold: 12 },
];

/** Hindi titles on demo products, Hindi names on demo brands and categories. */
export async function translateDemoCatalogue(db: Database): Promise<void> {
  for (const [title, hindi] of Object.entries(hindiProductTitles)) {
    await db
      .update(products)
      .set({ translations: { hi: { title: hindi } } })
      .where(eq(products.title, title));
  }
  for (const [title, hindi] of Object.entries(hindiBrandTitles)) {
    await db
      .update(brands)
      .set({ translations: { hi: { title: hindi } } })
      .where(eq(brands.title, title));
  }
  for (const [title, hindi] of Object.entries(hindiCategoryTitles)) {
    await db
      .update(categories)
      .set({ translations: { hi: { title: hindi } } })
      .where(eq(categories.title, title));
  }
}

/** The products the demo does not sell, with their Hindi where they have it. */
export async function addHindiFixtureProducts(db: Database): Promise<void> {
  for (const fixture of hindiFixtureProducts) {
    const product = await createProduct(db, {
      title: fixture.title,
      brand: fixture.brand,
      category: fixture.category,
      sold: fixture.sold,
    });
    if (fixture.hindi) {
      await db
        .update(products)
        .set({ translations: { hi: fixture.hindi } })
        .where(eq(products.id, product.id));
    }
  }
}
