import type { ApiImage, ApiProductPage, ApiVariant } from '../../../shared/api/catalog.schemas';
import { LOW_STOCK_THRESHOLD } from '../../../shared/catalog';
import type { Translate } from '../../i18n/i18n';

/**
 * What the shopper has picked so far on a product page: option name to value. Partial until every
 * option has a value; a product without options is complete with nothing picked.
 */
export type Choice = Readonly<Record<string, string>>;

type Product = Pick<ApiProductPage, 'options' | 'variants' | 'images' | 'color' | 'price' | 'priceMax'>;

/** A value as its radio shows it: on sale, sold out for the other choices, or not made at all. */
export type ValueState = 'available' | 'sold-out' | 'unavailable';

const matches = (variant: ApiVariant, choice: Choice) =>
  Object.entries(choice).every(([name, value]) => variant.options[name] === value);

/** The variants still possible with this (partial) choice. */
export function matchingVariants(product: Product, choice: Choice): ApiVariant[] {
  return product.variants.filter((variant) => matches(variant, choice));
}

/**
 * The choice a page opens with: the variant a shared link names (`?variant=SKU`, any case),
 * else every option that has one value only, chosen for the shopper.
 */
export function initialChoice(product: Product, sku: string | null): Choice {
  const wanted = sku?.trim().toUpperCase();
  const linked = wanted ? product.variants.find((v) => v.sku.toUpperCase() === wanted) : undefined;
  if (linked) return { ...linked.options };
  const choice: Record<string, string> = {};
  for (const option of product.options) {
    if (option.values.length === 1) choice[option.name] = option.values[0]!;
  }
  return choice;
}

/** The options not chosen yet, in the merchant's order. */
export function missingOptions(product: Product, choice: Choice): string[] {
  return product.options.filter((option) => !choice[option.name]).map((option) => option.name);
}

/** The variant the choice names, once every option is chosen and that combination is sold. */
export function chosenVariant(product: Product, choice: Choice): ApiVariant | null {
  if (missingOptions(product, choice).length > 0) return null;
  return product.variants.find((variant) => matches(variant, choice)) ?? null;
}

/**
 * How a value of one option stands with the other options as chosen: sold out when every variant
 * with it has nothing left, unavailable when the merchant makes no such combination.
 */
export function valueState(product: Product, choice: Choice, name: string, value: string): ValueState {
  const others = Object.fromEntries(Object.entries(choice).filter(([key]) => key !== name));
  const candidates = matchingVariants(product, { ...others, [name]: value });
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((variant) => variant.quantity > 0) ? 'available' : 'sold-out';
}

/**
 * The variant as a shopper names it: the values of the options that offer a choice ("M", or
 * "Navy / M" when colours vary too); '' when nothing varies.
 */
export function variantLabel(product: Product, variant: ApiVariant): string {
  return product.options
    .filter((option) => option.values.length > 1)
    .map((option) => variant.options[option.name] ?? '')
    .filter(Boolean)
    .join(' / ');
}

/** The lowest and highest price still possible with this choice (the product's when none is). */
export function priceRange(product: Product, choice: Choice): { min: number; max: number } {
  const prices = matchingVariants(product, choice).map((variant) => variant.price);
  if (prices.length === 0) return { min: product.price, max: product.priceMax };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export type StockText = { text: string; tone: 'in' | 'low' | 'out' };

/** The stock line: exact when little is left ("Only 2 left in M"), never a constant. */
export function stockText(t: Translate, quantity: number, label = ''): StockText {
  if (quantity <= 0) {
    return { text: label ? t('product.stock.soldOutIn', { label }) : t('product.stock.out'), tone: 'out' };
  }
  if (quantity <= LOW_STOCK_THRESHOLD) {
    const text = label
      ? t('product.stock.fewLeftIn', { count: quantity, label })
      : t('product.stock.fewLeft', { count: quantity });
    return { text, tone: 'low' };
  }
  return { text: t('product.stock.in'), tone: 'in' };
}

/**
 * The pictures for this choice: those the possible variants name (positions in the product's
 * list, in its order), or all of them before any choice or when a possible variant shows them all.
 */
export function choiceImages(product: Product, choice: Choice): ApiImage[] {
  if (Object.keys(choice).length === 0) return product.images;
  const possible = matchingVariants(product, choice);
  if (possible.length === 0 || possible.some((variant) => variant.images.length === 0)) return product.images;
  const positions = new Set(possible.flatMap((variant) => variant.images));
  const shown = product.images.filter((_, position) => positions.has(position));
  return shown.length > 0 ? shown : product.images;
}

/** The CSS colour of a Colour option's value (a colour name from the product's `color` list). */
export function swatchColour(product: Product, value: string): string | undefined {
  const byName = product.color.find((colour) => colour.name === value);
  if (byName) return byName.title;
  const colorId = product.variants.find((variant) => Object.values(variant.options).includes(value))?.colorId;
  return product.color.find((colour) => colour._id === colorId)?.title;
}
