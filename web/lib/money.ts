import { formatRupees, formatRupeesWhole } from '../../shared/money';

export { formatRupees, formatRupeesWhole } from '../../shared/money';

/**
 * A product's price as lists show it: "₹699.00", or "₹699 – ₹899" when its variants' prices
 * differ (whole rupees keep the range on one line of a phone's two-column grid; with paise in
 * either end it keeps them, never rounding a price).
 */
export function priceText(product: { price: number; priceMax?: number }): string {
  const { price, priceMax } = product;
  if (priceMax === undefined || priceMax <= price) return formatRupees(price);
  const whole = Number.isInteger(price) && Number.isInteger(priceMax);
  const format = whole ? formatRupeesWhole : formatRupees;
  return `${format(price)} – ${format(priceMax)}`;
}
