import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { cartLinesOf } from '../cart/index.js';
import { productsForPricing, sellableVariants } from '../catalog/index.js';
import type { PricingLine } from './pricing.js';

/** More different items than any real basket; bounds what one checkout can hold. */
export const CHECKOUT_MAX_LINES = 30;

/** The cart's lines at catalogue prices, with what pricing needs (category, brand, MRP, GST). */
export async function cartForPricing(
  db: Executor,
  userId: string,
  options: { allowEmpty?: boolean } = {},
): Promise<PricingLine[]> {
  const cart = await cartLinesOf(db, userId);
  if (cart.length === 0 && options.allowEmpty) return [];
  if (cart.length === 0) throw badRequest('Your cart is empty. Add something before checking out.');
  if (cart.length > CHECKOUT_MAX_LINES)
    throw badRequest(
      `One order can have at most ${CHECKOUT_MAX_LINES} different items. Please remove some from your cart.`,
    );
  const [products, variants] = await Promise.all([
    productsForPricing(
      db,
      cart.map((l) => l.productId),
    ),
    sellableVariants(
      db,
      cart.map((l) => l.variantId),
    ),
  ]);
  const lines: PricingLine[] = [];
  for (const line of cart) {
    const product = products.get(line.productId);
    const variant = variants.get(line.variantId);
    if (!product || !variant) continue;
    lines.push({
      productId: product.id,
      variantId: variant.id,
      sku: variant.sku,
      variantTitle: variant.label,
      colorId: line.colorId,
      title: product.title,
      quantity: line.quantity,
      pricePaise: variant.pricePaise,
      mrpPaise: variant.mrpPaise,
      categoryId: product.categoryId,
      brandId: product.brandId,
      hsnCode: product.hsnCode,
      gstRateBp: product.gstRateBp,
    });
  }
  if (lines.length === 0) throw badRequest('Your cart is empty. Add something before checking out.');
  return lines;
}
