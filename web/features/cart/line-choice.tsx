import type { ApiColor } from '../../../shared/api-types';
import { type Translate, useT } from '../../i18n/i18n';
import './line-choice.css';

type Line = { color: ApiColor; options: string; sku: string | null };

/**
 * What a cart, checkout or order line says of the shopper's choice: the variant's values
 * ("Navy / L"), with the colour label when colour is not one of them; "Colour: Black" alone for a
 * product without options, as before variants.
 */
export function choiceText(line: Line, t: Translate): string {
  const colour = t('lines.colour', { colour: line.color.name || line.color.title });
  if (!line.options) return colour;
  const values = line.options.split(' / ');
  return values.includes(line.color.name) ? line.options : `${line.options} · ${colour}`;
}

/** The variant's SKU, small, under the line's choice (products with options only, as the page shows them). */
export function LineSku({ line }: { line: Line }) {
  const t = useT();
  if (!line.options || !line.sku) return null;
  return <span className="line-sku">{t('lines.sku', { sku: line.sku })}</span>;
}

/** The product's page, opened on the line's variant (`?variant=SKU`) when it has options. */
export function variantHref(
  product: { _id: string; slug?: string },
  line: { options: string; sku: string | null },
) {
  const path = `/product/${product.slug || product._id}`;
  return line.options && line.sku ? `${path}?variant=${encodeURIComponent(line.sku)}` : path;
}
