import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type ProductOption, productColors, products } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { PRODUCT_NOT_FOUND } from './products.js';
import { type VariantRow, variantsByIds, variantsOfProducts } from './variants.repository.js';

/**
 * Variants as other modules sell them: the cart picks one, checkout prices it, orders print its
 * SKU and option values. Read from the database, never the catalogue's cache.
 */

export type SellableVariant = {
  id: string;
  productId: string;
  sku: string;
  /** The option values, in the options' order ("Navy / L"); '' for a product without options. */
  label: string;
  /** The product's title, with the label in brackets when there is one: how messages name it. */
  title: string;
  pricePaise: number;
  mrpPaise: number | null;
  quantity: number;
  /** The variant's colour, else the shopper's choice among the product's colours, else its first. */
  colorId: string | null;
  archived: boolean;
};

type ProductForSale = {
  id: string;
  title: string;
  options: ProductOption[];
  archived: boolean;
  colorIds: string[];
};

async function productsForSale(db: Executor, ids: string[]): Promise<Map<string, ProductForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      options: products.options,
      archived: sql<boolean>`${products.archivedAt} is not null`,
      colorIds: sql<
        string[]
      >`coalesce((select array_agg(${productColors.colorId}::text order by ${productColors.position})
        from ${productColors} where ${productColors.productId} = ${products.id}), '{}')`,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** "Navy / L": each option's value, a colour by its name. */
export function variantLabel(
  options: ProductOption[],
  variant: Pick<VariantRow, 'optionValues' | 'colorName'>,
) {
  return variant.optionValues
    .map((value, i) => (options[i]?.kind === 'color' ? (variant.colorName ?? value) : value))
    .join(' / ');
}

function sellable(product: ProductForSale, variant: VariantRow, colorId: string | null): SellableVariant {
  const label = variantLabel(product.options, variant);
  return {
    id: variant.id,
    productId: product.id,
    sku: variant.sku,
    label,
    title: label ? `${product.title} (${label})` : product.title,
    pricePaise: variant.pricePaise,
    mrpPaise: variant.mrpPaise,
    quantity: variant.quantity,
    colorId: variant.colorId ?? colorId ?? product.colorIds[0] ?? null,
    archived: product.archived || variant.archivedAt !== null,
  };
}

/** The variants with these ids that still exist, as checkout prices them. */
export async function sellableVariants(db: Executor, ids: string[]): Promise<Map<string, SellableVariant>> {
  const variants = await variantsByIds(db, [...new Set(ids)]);
  const owners = await productsForSale(db, [...new Set(variants.map((v) => v.productId))]);
  return new Map(
    variants.flatMap((variant) => {
      const product = owners.get(variant.productId);
      return product ? [[variant.id, sellable(product, variant, null)] as const] : [];
    }),
  );
}

const chooseColor = { color: 'Please choose color' };

/**
 * The variant a shopper means: the one named, or (the original clients send only a colour) the
 * only one on sale in that colour. A 400 names what is still to choose; a 404 or 409 when the
 * product is gone or no longer sold.
 */
export async function chooseVariant(
  db: Executor,
  productId: string,
  choice: { variantId?: string | undefined; colorId?: string | undefined },
): Promise<SellableVariant> {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const product = (await productsForSale(db, [productId])).get(productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (product.archived) throw conflict(`Sorry, ${product.title} is no longer sold.`);
  const colorId = choice.colorId && product.colorIds.includes(choice.colorId) ? choice.colorId : null;
  if (choice.colorId && !colorId && !choice.variantId) {
    throw badRequest('That colour is not available for this product. Please choose color', chooseColor);
  }
  const live = await variantsOfProducts(db, [productId]);
  if (choice.variantId) {
    const variant = live.find((v) => v.id === choice.variantId);
    if (!variant) throw badRequest(`That choice of ${product.title} is no longer sold. Please choose again.`);
    return sellable(product, variant, colorId);
  }
  const colorIndex = product.options.findIndex((o) => o.kind === 'color');
  const matching = colorIndex >= 0 ? live.filter((v) => v.colorId === colorId) : live;
  if (matching.length === 1) return sellable(product, matching[0]!, colorId);
  if (matching.length === 0) {
    throw badRequest(`${product.title} is not sold in that colour. Please choose color`, chooseColor);
  }
  const missing = product.options.filter((o) => o.kind !== 'color').map((o) => o.name.toLowerCase());
  const what = missing.length > 0 ? missing.join(' and ') : 'an option';
  throw badRequest(`Please choose ${what}`, { variantId: `Please choose ${what}` });
}
