import { LOW_STOCK_THRESHOLD } from '../../../shared/catalog.js';
import type { Executor } from '../../db/client.js';
import { countProductsAtOrBelow } from './stock-levels.repository.js';

/**
 * Stock levels other modules may read (the console's dashboard), through the catalogue rather than
 * its repository. Low means what the storefront calls low: "Only N left" or sold out.
 */
export async function countLowStockProducts(db: Executor): Promise<number> {
  return countProductsAtOrBelow(db, LOW_STOCK_THRESHOLD);
}
