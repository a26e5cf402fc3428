/** Store listing filtered by one catalogue category (the API's category names). */
export function categoryHref(category: string): string {
  return `/product?${new URLSearchParams({ category })}`;
}

/** The Shop Categories menu: labels as shoppers know them, categories as the API does. */
export const shopCategories = [
  { label: 'Home', href: '/' },
  { label: 'Home Appliances', href: categoryHref('Home Appliances') },
  { label: 'Computers & Laptop', href: categoryHref('Laptops') },
  { label: 'Mobiles & Tablets', href: categoryHref('Mobiles and Tablets') },
  { label: 'Music & Gaming', href: categoryHref('Music and Gaming') },
] as const;

export const SHOP_PHONE = '+91 80 4718 2200';
export const SHOP_PHONE_HREF = 'tel:+918047182200';
export const SHOP_EMAIL = 'support@bharatbazaar.in';
