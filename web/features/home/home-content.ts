/**
 * The home page's marketing content. Pictures are the demo catalogue's product artwork (the seed
 * renders them to /media/products/<slug>-1.webp with a 400 px copy beside it); the words are HTML,
 * never baked into images, so they stay sharp, readable by screen readers and translated: they are
 * in the `home` area of the catalogues, read here in the page's language.
 */
import { categoryHref } from '../../components/layout/nav-links';
import type { Translate } from '../../i18n/i18n';

const productPicture = (slug: string) => ({
  src: `/media/products/${slug}-1-400.webp`,
  srcSet: `/media/products/${slug}-1-400.webp 400w, /media/products/${slug}-1.webp 800w`,
});

export type HeroSlide = {
  /** Stable across languages (React keys). */
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  picture: { src: string; srcSet: string };
  alt: string;
  tone: 'navy' | 'plum' | 'teal';
};

export const heroSlides = (t: Translate): HeroSlide[] => [
  {
    id: 'audio',
    eyebrow: t('home.hero.audio.eyebrow'),
    title: t('home.hero.audio.title'),
    text: t('home.hero.audio.text'),
    picture: productPicture('sony-wh-1000xm5-wireless-noise-cancelling-headphones'),
    alt: t('home.hero.audio.alt'),
    tone: 'navy',
  },
  {
    id: 'laptops',
    eyebrow: t('home.hero.laptops.eyebrow'),
    title: t('home.hero.laptops.title'),
    text: t('home.hero.laptops.text'),
    picture: productPicture('apple-macbook-air-13-m2-chip-8gb-256gb-ssd'),
    alt: t('home.hero.laptops.alt'),
    tone: 'plum',
  },
  {
    id: 'phones',
    eyebrow: t('home.hero.phones.eyebrow'),
    title: t('home.hero.phones.title'),
    text: t('home.hero.phones.text'),
    picture: productPicture('samsung-galaxy-s24-5g-8gb-ram-256gb'),
    alt: t('home.hero.phones.alt'),
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

export const categoryBanners = (t: Translate): CategoryBanner[] => [
  {
    eyebrow: t('home.banner.laptops.eyebrow'),
    title: t('home.banner.laptops.title'),
    text: t('home.banner.laptops.text'),
    href: categoryHref('Laptops'),
    picture: productPicture('apple-macbook-pro-14-m3-chip-8gb-512gb-ssd'),
  },
  {
    eyebrow: t('home.banner.watches.eyebrow'),
    title: t('home.banner.watches.title'),
    text: t('home.banner.watches.text'),
    href: categoryHref('Watches'),
    picture: productPicture('apple-watch-se-2nd-gen-gps-40mm'),
  },
  {
    eyebrow: t('home.banner.tvs.eyebrow'),
    title: t('home.banner.tvs.title'),
    text: t('home.banner.tvs.text'),
    href: categoryHref('TVs'),
    picture: productPicture('lg-oled-evo-c3-55-4k-smart-tv'),
  },
  {
    eyebrow: t('home.banner.appliances.eyebrow'),
    title: t('home.banner.appliances.title'),
    text: t('home.banner.appliances.text'),
    href: categoryHref('Home Appliances'),
    picture: productPicture('lg-8-kg-5-star-ai-direct-drive-front-load-washing-machine'),
  },
];

export type FamousItem = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  picture: { src: string; srcSet: string };
  tone: 'dark' | 'light';
};

export const famousItems = (t: Translate): FamousItem[] => [
  {
    id: 'watches',
    eyebrow: t('home.famous.watches.eyebrow'),
    title: t('home.famous.watches.title'),
    text: t('home.famous.watches.text'),
    picture: productPicture('samsung-galaxy-watch6-44mm-bluetooth'),
    tone: 'dark',
  },
  {
    id: 'tvs',
    eyebrow: t('home.famous.tvs.eyebrow'),
    title: t('home.famous.tvs.title'),
    text: t('home.famous.tvs.text'),
    picture: productPicture('xiaomi-x-pro-55-4k-qled-google-tv'),
    tone: 'light',
  },
  {
    id: 'phones',
    eyebrow: t('home.famous.phones.eyebrow'),
    title: t('home.famous.phones.title'),
    text: t('home.famous.phones.text'),
    picture: productPicture('apple-iphone-15-128gb'),
    tone: 'light',
  },
  {
    id: 'speakers',
    eyebrow: t('home.famous.speakers.eyebrow'),
    title: t('home.famous.speakers.title'),
    text: t('home.famous.speakers.text'),
    picture: productPicture('jbl-flip-6-portable-waterproof-bluetooth-speaker'),
    tone: 'light',
  },
];

/** The shop's promises in the services strip (its icons are the strip's own). */
export const services = (t: Translate) =>
  [
    { id: 'shipping', title: t('home.services.shipping.title'), text: t('home.services.shipping.text') },
    { id: 'offers', title: t('home.services.offers.title'), text: t('home.services.offers.text') },
    { id: 'support', title: t('home.services.support.title'), text: t('home.services.support.text') },
    { id: 'prices', title: t('home.services.prices.title'), text: t('home.services.prices.text') },
    { id: 'payments', title: t('home.services.payments.title'), text: t('home.services.payments.text') },
  ] as const;

/**
 * The marquee's eight brands, by their catalogue names (the store's brand filter); logos are the
 * seed's wordmarks at /media/brands/<slug>.webp.
 */
export const marqueeBrands = [
  { name: 'Samsung', slug: 'samsung' },
  { name: 'Apple', slug: 'apple' },
  { name: 'Sony', slug: 'sony' },
  { name: 'LG', slug: 'lg' },
  { name: 'OnePlus', slug: 'oneplus' },
  { name: 'boAt', slug: 'boat' },
  { name: 'Canon', slug: 'canon' },
  { name: 'JBL', slug: 'jbl' },
] as const;
