import { LOW_STOCK_THRESHOLD } from '../../../shared/catalog.js';
import type { Executor } from '../../db/client.js';
import { countLowAndSoldOut, fewestInStock } from './stock-levels.repository.js';
import { variantLabel } from './variants.js';

/**
 * Stock levels per variant other modules may read (the console's dashboard), through the catalogue rather than
 * its repository. Low is what the storefront calls low ("Only N left": 1 to LOW_STOCK_THRESHOLD
 * units) and what the console's product filter `stock=low` lists; sold out is none left.
 */
export async function countStockWarnings(db: Executor): Promise<{ low: number; soldOut: number }> {
  const { low, out } = await countLowAndSoldOut(db, LOW_STOCK_THRESHOLD);
  return { low, soldOut: out };
}

/** The low variants (as above) with the fewest units left, fewest first: what to restock next. */
export async function lowestStockProducts(
  db: Executor,
  limit: number,
): Promise<{ productId: string; title: string; sku: string; label: string; quantity: number }[]> {
  const rows = await fewestInStock(db, LOW_STOCK_THRESHOLD, limit);
  return rows.map((row) => ({
    productId: row.productId,
    title: row.title,
    sku: row.sku,
    label: variantLabel(row.options, row),
    quantity: row.quantity,
  }));
}
