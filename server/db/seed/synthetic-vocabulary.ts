import type { CategoryTitle } from './catalogue-data.js';
import type { IllustrationKind } from './illustrations.js';

/**
 * Words the synthetic catalogue builds product names from, e.g.
 * 'Samsung Crystal 4K Smart LED TV 55" (Model TV-10234)'. Each family is one brand's range of one
 * kind of product, so names stay plausible (no "GoPro DSLR").
 */
export type ProductFamily = {
  brand: string;
  /** Which demo product pictures it borrows (same category, same kind). */
  kind: IllustrationKind;
  series: string[];
  nouns: string[];
  /** Ordered from cheapest to dearest: a bigger variant costs more. */
  variants?: string[];
  /** Price range in rupees. */
  price: [number, number];
};

export type ProductLine = {
  category: CategoryTitle;
  /** Prefix of the model code, which also makes every synthetic title unique. */
  code: string;
  variants: string[];
  families: ProductFamily[];
  /** One is picked per product; {brand}, {series} and {noun} are filled in. */
  blurbs: string[];
  specs: Array<[label: string, values: string[]]>;
};

const family = (
  brand: string,
  kind: IllustrationKind,
  series: string[],
  nouns: string[],
  price: [number, number],
  variants?: string[],
): ProductFamily => ({ brand, kind, series, nouns, price, ...(variants ? { variants } : {}) });

export const productLines: ProductLine[] = [
  {
    category: 'Watches',
    code: 'WT',
    variants: ['for Men', 'for Women', '(Unisex)', '40mm', '44mm'],
    families: [
      family(
        'Titan',
        'analog-watch',
        ['Karishma', 'Neo Splash', 'Edge', 'Raga Viva'],
        ['Analog Watch'],
        [1500, 18000],
      ),
      family('Fastrack', 'analog-watch', ['Bare Basics', 'Tees', 'Stunners'], ['Analog Watch'], [900, 3500]),
      family(
        'Fastrack',
        'smartwatch',
        ['Reflex Vox', 'Limitless FS1', 'Revoltt'],
        ['Smartwatch'],
        [1500, 5000],
      ),
      family(
        'Casio',
        'analog-watch',
        ['Enticer', 'Edifice', 'G-Shock', 'Vintage'],
        ['Analog-Digital Watch'],
        [2000, 25000],
      ),
      family(
        'Noise',
        'smartwatch',
        ['ColorFit Icon', 'NoiseFit Halo', 'ColorFit Pulse'],
        ['Smartwatch'],
        [1200, 6000],
      ),
      family(
        'boAt',
        'smartwatch',
        ['Wave Lite', 'Storm Call', 'Lunar Connect'],
        ['Smartwatch'],
        [1100, 4500],
      ),
      family(
        'Samsung',
        'smartwatch',
        ['Galaxy Watch5', 'Galaxy Watch6 Classic'],
        ['Smartwatch'],
        [18000, 40000],
      ),
    ],
    blurbs: [
      'The {brand} {series} {noun} pairs an easy-to-read dial with a comfortable strap for everyday wear.',
      'A dependable {noun} from {brand}, the {series} is made for busy workdays and weekend plans alike.',
      'Light on the wrist and sharp to look at, the {brand} {series} makes a thoughtful gift.',
    ],
    specs: [
      ['Case size', ['38 mm', '40 mm', '42 mm', '44 mm', '45 mm']],
      ['Strap', ['Leather', 'Silicone', 'Stainless steel mesh', 'Nylon']],
      ['Water resistance', ['30 m', '50 m', '100 m', 'IP68']],
      ['Warranty', ['1 year', '2 years']],
    ],
  },
  {
    category: 'TVs',
    code: 'TV',
    variants: ['32"', '43"', '50"', '55"', '65"', '75"'],
    families: [
      family(
        'Samsung',
        'tv',
        ['Crystal 4K', 'Crystal iSmart', 'Neo QLED', 'The Frame'],
        ['Smart LED TV', 'Smart TV'],
        [12000, 180000],
      ),
      family(
        'Sony',
        'tv',
        ['Bravia X75', 'Bravia X80', 'Bravia 7'],
        ['4K Google TV', 'Smart LED TV'],
        [28000, 220000],
      ),
      family(
        'LG',
        'tv',
        ['UQ75', 'NanoCell', 'OLED evo'],
        ['4K Smart TV', 'webOS Smart TV'],
        [14000, 240000],
      ),
      family(
        'Xiaomi',
        'tv',
        ['Smart TV A', 'Smart TV 5A', 'X Pro'],
        ['Google TV', 'Smart Android TV'],
        [11000, 70000],
      ),
      family('OnePlus', 'tv', ['Y1S', 'Q2 Pro', 'U1S'], ['Smart Android TV', 'QLED TV'], [13000, 90000]),
    ],
    blurbs: [
      'The {brand} {series} {noun} brings sharp pictures and all your OTT apps to the living room.',
      'Cricket, films and family video calls look great on the {brand} {series}, with sound tuned for Indian homes.',
      'A slim-bezel {noun} from {brand} that upscales old shows and streams in crisp detail.',
    ],
    specs: [
      ['Resolution', ['4K Ultra HD (3840 x 2160)', 'Full HD (1920 x 1080)', 'HD Ready (1366 x 768)']],
      ['Refresh rate', ['50 Hz', '60 Hz', '120 Hz']],
      ['Sound', ['20 W', '24 W', '30 W, Dolby Audio', '40 W, Dolby Atmos']],
      ['Ports', ['2 HDMI, 1 USB', '3 HDMI, 2 USB', '4 HDMI, 2 USB']],
    ],
  },
  {
    category: 'Cameras',
    code: 'CM',
    variants: ['Body Only', 'with 18-55mm Lens', 'with 18-135mm Lens', 'Twin Lens Kit'],
    families: [
      family('Canon', 'dslr', ['EOS 3000D', 'EOS 850D', 'EOS 90D'], ['DSLR Camera'], [30000, 120000]),
      family(
        'Canon',
        'mirrorless',
        ['EOS R10', 'EOS R100', 'EOS R8'],
        ['Mirrorless Camera'],
        [45000, 180000],
      ),
      family('Nikon', 'dslr', ['D3500', 'D5600', 'D780'], ['DSLR Camera'], [35000, 190000]),
      family('Nikon', 'mirrorless', ['Z30', 'Z fc', 'Z5'], ['Mirrorless Camera'], [55000, 150000]),
      family(
        'Sony',
        'mirrorless',
        ['Alpha 6400', 'Alpha 7C', 'ZV-E1'],
        ['Mirrorless Camera', 'Vlog Camera'],
        [60000, 220000],
      ),
      family('Fujifilm', 'mirrorless', ['X-T30 II', 'X-S20', 'X-T5'], ['Mirrorless Camera'], [75000, 170000]),
      family(
        'GoPro',
        'action-camera',
        ['HERO11 Black', 'HERO11 Mini', 'HERO10'],
        ['Action Camera'],
        [25000, 50000],
        ['Standalone', 'Creator Bundle', 'Adventure Kit'],
      ),
    ],
    blurbs: [
      'The {brand} {series} {noun} is a capable companion for travel, portraits and family functions.',
      'Step up from your phone with the {brand} {series}: better low-light photos and real background blur.',
      'Built for creators, the {brand} {series} shoots crisp stills and smooth video.',
    ],
    specs: [
      ['Sensor', ['20.9 MP APS-C', '24.2 MP APS-C', '24.2 MP full frame', '26.1 MP APS-C']],
      ['Video', ['Full HD 60p', '4K 30p', '4K 60p']],
      ['Screen', ['3" fixed LCD', '3" tilting touchscreen', '3" vari-angle touchscreen']],
      ['Connectivity', ['Wi-Fi', 'Wi-Fi and Bluetooth']],
    ],
  },
  {
    category: 'Laptops',
    code: 'LP',
    variants: [
      '(8GB, 256GB SSD)',
      '(8GB, 512GB SSD)',
      '(16GB, 512GB SSD)',
      '(16GB, 1TB SSD)',
      '(32GB, 1TB SSD)',
    ],
    families: [
      family(
        'Dell',
        'laptop',
        ['Inspiron 14', 'Inspiron 15', 'Vostro 3420', 'XPS 13'],
        ['Laptop', 'Thin and Light Laptop'],
        [35000, 160000],
      ),
      family(
        'HP',
        'laptop',
        ['Pavilion x360', '15s', 'Victus 16', 'Envy 13'],
        ['Laptop', 'Gaming Laptop'],
        [36000, 140000],
      ),
      family(
        'Lenovo',
        'laptop',
        ['IdeaPad Slim 5', 'ThinkPad E16', 'LOQ 15', 'Yoga 7'],
        ['Laptop', 'Business Laptop'],
        [34000, 150000],
      ),
      family(
        'ASUS',
        'laptop',
        ['Vivobook 15', 'Zenbook 14', 'ROG Strix G16', 'TUF A15'],
        ['Laptop', 'Gaming Laptop'],
        [32000, 190000],
      ),
      family(
        'Apple',
        'laptop',
        ['MacBook Air 13"', 'MacBook Air 15"', 'MacBook Pro 14"'],
        ['M3'],
        [99000, 240000],
      ),
    ],
    blurbs: [
      'The {brand} {series} {noun} handles classes, spreadsheets and streaming with a fast SSD and a sharp screen.',
      'Light enough for the daily commute, the {brand} {series} lasts through a full working day.',
      'A dependable {noun} from {brand} for work, study and a little gaming after hours.',
    ],
    specs: [
      [
        'Processor',
        ['Intel Core i3 (13th Gen)', 'Intel Core i5 (13th Gen)', 'AMD Ryzen 5 7530U', 'AMD Ryzen 7 7735HS'],
      ],
      ['Display', ['14" Full HD IPS', '15.6" Full HD 120 Hz', '16" WUXGA 144 Hz']],
      ['Battery', ['Up to 6 hours', 'Up to 8 hours', 'Up to 12 hours']],
      ['Weight', ['1.3 kg', '1.5 kg', '1.7 kg', '2.3 kg']],
    ],
  },
  {
    category: 'Home Appliances',
    code: 'HA',
    variants: ['Standard', 'Pro', 'Plus', 'Max'],
    families: [
      family(
        'Whirlpool',
        'washing-machine',
        ['Stainwash', 'Whitemagic', 'Supreme Care'],
        ['Washing Machine'],
        [14000, 40000],
        ['6.5 kg', '7 kg', '7.5 kg', '8 kg', '9 kg'],
      ),
      family(
        'LG',
        'washing-machine',
        ['AI Direct Drive', 'TurboDrum', 'Steam Plus'],
        ['Front Load Washing Machine'],
        [22000, 60000],
        ['7 kg', '8 kg', '9 kg', '10 kg'],
      ),
      family(
        'Samsung',
        'refrigerator',
        ['Convertible 5-in-1', 'Digital Inverter', 'Bespoke'],
        ['Frost Free Refrigerator'],
        [18000, 90000],
        ['236 L', '253 L', '301 L', '415 L', '653 L'],
      ),
      family(
        'Whirlpool',
        'refrigerator',
        ['IntelliFresh', 'Vitamagic', 'Neo Fresh'],
        ['Direct Cool Refrigerator'],
        [12000, 38000],
        ['184 L', '200 L', '215 L', '265 L'],
      ),
      family(
        'Philips',
        'mixer-grinder',
        ['Viva', 'Daily Collection', 'Ayurvedic'],
        ['Mixer Grinder'],
        [2500, 7000],
        ['500W', '750W', '1000W'],
      ),
      family(
        'Bajaj',
        'mixer-grinder',
        ['Rex', 'Twister', 'GX'],
        ['Mixer Grinder'],
        [1800, 5000],
        ['500W', '750W'],
      ),
      family(
        'LG',
        'air-conditioner',
        ['Dual Inverter', 'AI Convertible', 'Super Convertible'],
        ['Split AC'],
        [30000, 70000],
        ['1 Ton 3 Star', '1.5 Ton 3 Star', '1.5 Ton 5 Star', '2 Ton 5 Star'],
      ),
      family(
        'Philips',
        'air-fryer',
        ['Essential', 'Spectre', 'XL Connected'],
        ['Air Fryer'],
        [5000, 16000],
        ['4.1 L', '6.2 L', '7.2 L'],
      ),
      family(
        'Samsung',
        'microwave',
        ['Slim Fry', 'Hot Blast', 'Grill'],
        ['Convection Microwave'],
        [9000, 24000],
        ['21 L', '28 L', '32 L'],
      ),
    ],
    blurbs: [
      'The {brand} {series} {noun} is built for Indian kitchens and homes, with power-saving features that keep bills low.',
      'Reliable and easy to use, the {brand} {series} takes care of daily chores so you do not have to.',
      'A 5-star favourite: the {brand} {series} {noun} comes with long warranty cover and service across India.',
    ],
    specs: [
      ['Energy rating', ['3 star', '4 star', '5 star']],
      ['Warranty', ['1 year', '2 years', '2 years, 10 years on motor or compressor']],
      ['Power', ['230 V, 50 Hz', 'Stabiliser-free operation']],
      ['Colour finish', ['Matte', 'Glossy', 'Brushed metal']],
    ],
  },
  {
    category: 'Mobiles and Tablets',
    code: 'MB',
    variants: [
      '(4GB, 64GB)',
      '(6GB, 128GB)',
      '(8GB, 128GB)',
      '(8GB, 256GB)',
      '(12GB, 256GB)',
      '(12GB, 512GB)',
    ],
    families: [
      family(
        'Samsung',
        'phone',
        ['Galaxy A15', 'Galaxy A35', 'Galaxy M15', 'Galaxy S23 FE'],
        ['5G'],
        [11000, 60000],
      ),
      family(
        'Apple',
        'phone',
        ['iPhone 14', 'iPhone 15 Plus', 'iPhone 15 Pro'],
        ['Smartphone'],
        [58000, 160000],
      ),
      family('OnePlus', 'phone', ['Nord 4', 'Nord CE3', 'OnePlus 12'], ['5G'], [18000, 70000]),
      family('Xiaomi', 'phone', ['Redmi 13C', 'Redmi Note 13', 'Xiaomi 14'], ['5G'], [8000, 70000]),
      family('Samsung', 'tablet', ['Galaxy Tab A9', 'Galaxy Tab S9'], ['Wi-Fi Tablet'], [12000, 80000]),
      family('Lenovo', 'tablet', ['Tab M11', 'Tab P12', 'Tab M9'], ['Wi-Fi Tablet'], [10000, 35000]),
      family('Apple', 'tablet', ['iPad Air', 'iPad mini', 'iPad Pro 11"'], ['Wi-Fi'], [45000, 120000]),
    ],
    blurbs: [
      'The {brand} {series} {noun} combines a bright display, a long-lasting battery and cameras that do well at night.',
      'Smooth for UPI, WhatsApp and streaming, the {brand} {series} is built to last years with regular updates.',
      'Slim and light, the {brand} {series} packs fast charging and a crisp screen into an easy-to-hold body.',
    ],
    specs: [
      ['Display', ['6.5" AMOLED, 120 Hz', '6.7" LCD, 90 Hz', '6.1" OLED', '11" LCD, 90 Hz']],
      ['Battery', ['4000 mAh', '5000 mAh', '6000 mAh', '8000 mAh']],
      ['Main camera', ['50 MP', '64 MP', '108 MP', '200 MP', '12 MP']],
      ['Charging', ['18 W', '33 W', '45 W', '67 W', '100 W']],
    ],
  },
  {
    category: 'Music and Gaming',
    code: 'MG',
    variants: ['Black Edition', 'Limited Edition', 'Lite', 'Pro'],
    families: [
      family(
        'boAt',
        'earbuds',
        ['Airdopes 161', 'Airdopes 311 Pro', 'Nirvana Ion'],
        ['TWS Earbuds'],
        [900, 4000],
      ),
      family(
        'boAt',
        'headphones',
        ['Rockerz 550', 'Rockerz 518', 'Nirvana 751'],
        ['Bluetooth Headphones'],
        [1200, 4500],
      ),
      family(
        'boAt',
        'speaker',
        ['Stone 350', 'Stone 650', 'PartyPal 50'],
        ['Bluetooth Speaker'],
        [1200, 9000],
      ),
      family(
        'Sony',
        'headphones',
        ['WH-CH720N', 'ULT Wear', 'WH-1000XM4'],
        ['Wireless Headphones'],
        [8000, 30000],
      ),
      family(
        'Sony',
        'game-controller',
        ['DualSense Edge', 'DualSense'],
        ['Wireless Controller'],
        [5500, 18000],
      ),
      family(
        'JBL',
        'speaker',
        ['Go 3', 'Charge 5', 'Flip 5', 'PartyBox Encore'],
        ['Portable Speaker'],
        [2800, 35000],
      ),
      family('JBL', 'earbuds', ['Wave Beam', 'Tune 230NC', 'Live Pro 2'], ['TWS Earbuds'], [3000, 14000]),
      family('OnePlus', 'earbuds', ['Nord Buds 2', 'Buds Pro 2'], ['TWS Earbuds'], [2500, 12000]),
      family('Noise', 'earbuds', ['Buds VS104', 'Air Buds Pro 3'], ['TWS Earbuds'], [900, 3500]),
    ],
    blurbs: [
      'The {brand} {series} {noun} delivers punchy bass and clear vocals for your daily playlist.',
      'Made for long commutes and gaming nights, the {brand} {series} keeps going hour after hour.',
      'Pair it in seconds: the {brand} {series} {noun} brings rich sound wherever you go.',
    ],
    specs: [
      ['Playback', ['Up to 12 hours', 'Up to 20 hours', 'Up to 40 hours', 'Up to 50 hours']],
      ['Connectivity', ['Bluetooth 5.0', 'Bluetooth 5.3', 'Bluetooth 5.3, USB-C']],
      ['Water resistance', ['IPX4', 'IPX5', 'IP67']],
      ['Warranty', ['1 year', '2 years']],
    ],
  },
  {
    category: 'Fashion',
    code: 'FS',
    variants: ['(Size S)', '(Size M)', '(Size L)', '(Size XL)', '(UK 7)', '(UK 8)', '(UK 9)'],
    families: [
      family(
        'Puma',
        'sneaker',
        ['Smash v2', 'Caven', 'Rebound', 'Velocity Nitro'],
        ['Sneakers', 'Running Shoes'],
        [1800, 12000],
        ['(UK 6)', '(UK 7)', '(UK 8)', '(UK 9)', '(UK 10)'],
      ),
      family(
        'Adidas',
        'sneaker',
        ['Grand Court', 'Duramo SL', 'Samba OG', 'Adizero'],
        ['Sneakers', 'Running Shoes'],
        [2500, 15000],
        ['(UK 6)', '(UK 7)', '(UK 8)', '(UK 9)', '(UK 10)'],
      ),
      family(
        'Puma',
        't-shirt',
        ['Essentials', 'Graphic', 'Active'],
        ['Regular Fit T-Shirt', 'Polo T-Shirt'],
        [599, 1999],
        ['(Size S)', '(Size M)', '(Size L)', '(Size XL)'],
      ),
      family(
        "Levi's",
        'jeans',
        ['511', '512', '541', '65504'],
        ['Slim Fit Jeans', 'Tapered Jeans'],
        [1800, 4500],
        ['(W30)', '(W32)', '(W34)', '(W36)'],
      ),
      family(
        "Levi's",
        't-shirt',
        ['Housemark', 'Batwing', 'Original'],
        ['Crew Neck T-Shirt'],
        [599, 1799],
        ['(Size S)', '(Size M)', '(Size L)', '(Size XL)'],
      ),
      family(
        'Adidas',
        'hoodie',
        ['Essentials', 'Trefoil', 'Adicolor'],
        ['Hoodie', 'Sweatshirt'],
        [2200, 6500],
        ['(Size S)', '(Size M)', '(Size L)', '(Size XL)'],
      ),
      family(
        'Fastrack',
        'sunglasses',
        ['Wayfarer', 'Aviator', 'Square'],
        ['Polarised Sunglasses'],
        [800, 2500],
        ['(Small)', '(Medium)', '(Large)'],
      ),
      family(
        'Puma',
        'backpack',
        ['Phase', 'Challenger', 'Plus'],
        ['Backpack'],
        [900, 3500],
        ['18 L', '22 L', '28 L'],
      ),
    ],
    blurbs: [
      'The {brand} {series} {noun} is comfortable all day and easy to style with your favourite outfits.',
      'Everyday essential: the {brand} {series} is made from durable materials that keep their shape.',
      'Fresh colours and a modern fit make the {brand} {series} {noun} a wardrobe favourite.',
    ],
    specs: [
      ['Material', ['Cotton', 'Cotton blend', 'Synthetic', 'Recycled polyester', 'Leather']],
      ['Fit', ['Regular', 'Slim', 'Relaxed']],
      ['Care', ['Machine wash', 'Hand wash', 'Wipe clean']],
      ['Occasion', ['Casual', 'Sports', 'Everyday']],
    ],
  },
];
