/**
 * The home page's marketing content. Pictures are the demo catalogue's product artwork (the seed
 * renders them to /media/products/<slug>-1.webp with a 400 px copy beside it); the words are HTML,
 * never baked into images, so they stay sharp, translatable and readable by screen readers.
 */
import { categoryHref } from '../../components/layout/nav-links';

const productPicture = (slug: string) => ({
  src: `/media/products/${slug}-1-400.webp`,
  srcSet: `/media/products/${slug}-1-400.webp 400w, /media/products/${slug}-1.webp 800w`,
});

export type HeroSlide = {
  eyebrow: string;
  title: string;
  text: string;
  picture: { src: string; srcSet: string };
  alt: string;
  tone: 'navy' | 'plum' | 'teal';
};

export const heroSlides: HeroSlide[] = [
  {
    eyebrow: 'Supercharged for pros',
    title: 'Headphones that hear you',
    text: 'Noise-cancelling over-ear and true wireless audio from Sony, boAt and OnePlus, up to 25% off.',
    picture: productPicture('sony-wh-1000xm5-wireless-noise-cancelling-headphones'),
    alt: 'Black over-ear wireless headphones',
    tone: 'navy',
  },
  {
    eyebrow: 'Back to work',
    title: 'Laptops for work and play',
    text: 'MacBook, ThinkPad, Inspiron and TUF Gaming, with no-cost EMI and free delivery across India.',
    picture: productPicture('apple-macbook-air-13-m2-chip-8gb-256gb-ssd'),
    alt: 'A thin silver laptop, open',
    tone: 'plum',
  },
  {
    eyebrow: 'Just launched',
    title: '5G smartphones for every budget',
    text: 'Galaxy S24, iPhone 15, OnePlus 12R and Redmi Note 13 Pro, with daily offers on accessories.',
    picture: productPicture('samsung-galaxy-s24-5g-8gb-ram-256gb'),
    alt: 'A smartphone seen from the front',
    tone: 'teal',
  },
];

export type CategoryBanner = {
  eyebrow: string;
  title: string;
  text: string;
  href: string;
  picture: { src: string; srcSet: string };
};

export const categoryBanners: CategoryBanner[] = [
  {
    eyebrow: 'Best sale',
    title: 'Laptops',
    text: 'For study, work and gaming',
    href: categoryHref('Laptops'),
    picture: productPicture('apple-macbook-pro-14-m3-chip-8gb-512gb-ssd'),
  },
  {
    eyebrow: 'New arrival',
    title: 'Smart watches',
    text: 'Calls, health and style',
    href: categoryHref('Watches'),
    picture: productPicture('apple-watch-se-2nd-gen-gps-40mm'),
  },
  {
    eyebrow: 'Up to 25% off',
    title: 'Smart TVs',
    text: '4K, OLED and QLED screens',
    href: categoryHref('TVs'),
    picture: productPicture('lg-oled-evo-c3-55-4k-smart-tv'),
  },
  {
    eyebrow: 'No-cost EMI',
    title: 'Home appliances',
    text: 'Washers, fridges and more',
    href: categoryHref('Home Appliances'),
    picture: productPicture('lg-8-kg-5-star-ai-direct-drive-front-load-washing-machine'),
  },
];

export type FamousItem = {
  eyebrow: string;
  title: string;
  text: string;
  picture: { src: string; srcSet: string };
  tone: 'dark' | 'light';
};

export const famousItems: FamousItem[] = [
  {
    eyebrow: 'Big screen',
    title: 'Smart watch series',
    text: 'Always-on displays and two-day battery',
    picture: productPicture('samsung-galaxy-watch6-44mm-bluetooth'),
    tone: 'dark',
  },
  {
    eyebrow: 'Studio display',
    title: 'OLED and QLED TVs',
    text: 'Cinema at home, from 43 to 65 inches',
    picture: productPicture('xiaomi-x-pro-55-4k-qled-google-tv'),
    tone: 'light',
  },
  {
    eyebrow: 'Smartphones',
    title: 'iPhone 15 and more',
    text: 'Now in green, blue, pink and black',
    picture: productPicture('apple-iphone-15-128gb'),
    tone: 'light',
  },
  {
    eyebrow: 'Home speakers',
    title: 'Room-filling sound',
    text: 'Portable, waterproof, party-ready',
    picture: productPicture('jbl-flip-6-portable-waterproof-bluetooth-speaker'),
    tone: 'light',
  },
];

/** The marquee's eight brands; logos are the seed's wordmarks at /media/brands/<slug>.webp. */
export const marqueeBrands = [
  { title: 'Samsung', slug: 'samsung' },
  { title: 'Apple', slug: 'apple' },
  { title: 'Sony', slug: 'sony' },
  { title: 'LG', slug: 'lg' },
  { title: 'OnePlus', slug: 'oneplus' },
  { title: 'boAt', slug: 'boat' },
  { title: 'Canon', slug: 'canon' },
  { title: 'JBL', slug: 'jbl' },
] as const;
