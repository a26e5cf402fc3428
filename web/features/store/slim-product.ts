import type { ApiListedProduct, ApiProduct } from '../../../shared/api/catalog.schemas';
import { excerpt, htmlToText } from '../../lib/text';

/** The most of a description a product list ever shows (the store's list layout). */
export const LIST_DESCRIPTION_LENGTH = 220;

/**
 * A product as a list needs it. Server-rendered pages carry their data in the HTML for hydration,
 * so the full description (HTML), reviews and colours of every card would be paid for twice by a
 * phone on 4G; lists keep a short plain-text description instead. A list answers colours as ids
 * (as the original API did); cards show none, so they are dropped.
 */
export function slimProduct(product: ApiProduct | ApiListedProduct): ApiProduct {
  return {
    ...product,
    description: excerpt(htmlToText(product.description), LIST_DESCRIPTION_LENGTH),
    ratings: [],
    color: [],
  };
}
