import { useT } from '../../i18n/i18n';

/** Store listing filtered by one catalogue category (the API's category names). */
export function categoryHref(category: string): string {
  return `/product?${new URLSearchParams({ category })}`;
}

/** The Shop Categories menu: labels as shoppers know them, categories as the API does. */
export function useShopCategories(): { label: string; href: string }[] {
  const t = useT();
  return [
    { label: t('common.categories.home'), href: '/' },
    { label: t('common.categories.homeAppliances'), href: categoryHref('Home Appliances') },
    { label: t('common.categories.laptops'), href: categoryHref('Laptops') },
    { label: t('common.categories.mobiles'), href: categoryHref('Mobiles and Tablets') },
    { label: t('common.categories.musicGaming'), href: categoryHref('Music and Gaming') },
  ];
}

export const SHOP_PHONE = '+91 80 4718 2200';
export const SHOP_PHONE_HREF = 'tel:+918047182200';
export const SHOP_EMAIL = 'support@bharatbazaar.in';
/** The seller's registered name, as on invoices: the same in every language. */
export const SHOP_LEGAL_NAME = 'Bharat Bazaar Retail Pvt. Ltd.';
