import { CART_QUANTITY_MAX } from '../../../shared/cart-rules.js';
import type { Executor, Transaction } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { lockShopper } from '../../lib/shopper-lock.js';
import { type ProductTax, productTaxes } from './products.js';
import * as repository from './stock.repository.js';
import * as ledger from './stock-ledger.repository.js';

/**
 * Stock for other modules: the catalogue owns variants' quantities and the holds set against
 * them. Checkout holds stock while the shopper pays; order placement turns the hold into the
 * order's stock; payments release it when a payment fails. Functions that take a transaction
 * must run inside the caller's. The rules against hoarding are in decision 007.
 */

/** A line of stock: `title` names it for the shopper ("Levi's Crew T-Shirt (Navy / L)"). */
export type StockLine = { productId: string; variantId: string; title: string; quantity: number };

/** A priced or checked-out line as stock names it: the product's title with its option values. */
export function stockLineOf(line: {
  productId: string;
  variantId: string;
  title: string;
  variantTitle: string;
  quantity: number;
}): StockLine {
  const title = line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;
  return { productId: line.productId, variantId: line.variantId, title, quantity: line.quantity };
}

type Units = Map<string, { productId: string; title: string; quantity: number }>;

/** Units per variant (the same variant on two lines is one stock). */
function unitsByVariant(lines: StockLine[]): Units {
  const units: Units = new Map();
  for (const line of lines) {
    const entry = units.get(line.variantId) ?? { productId: line.productId, title: line.title, quantity: 0 };
    entry.quantity += line.quantity;
    units.set(line.variantId, entry);
  }
  return units;
}

const productIdsOf = (units: Units) => [...units.values()].map((u) => u.productId);

function shortMessage(title: string, stock: number, available: number): string {
  if (stock === 0) return `${title} is now out of stock. Please remove it from your cart.`;
  if (available === 0) {
    const what = stock === 1 ? `The last ${title} is` : `The last ${stock} of ${title} are`;
    return `${what} being paid for by other shoppers right now. Please try again in a few minutes, or remove it from your cart.`;
  }
  return `Only ${available} of ${title} left. Please update your cart.`;
}

/**
 * Refuses (409, naming the product) when a line needs more than the stock not held for other
 * shoppers. Reads without locks: a quick answer before a provider order is made; holdStock
 * checks again under the lock.
 */
export async function assertAvailable(db: Executor, userId: string, lines: StockLine[]): Promise<void> {
  const units = unitsByVariant(lines);
  for (const { title, quantity } of units.values()) {
    if (quantity > CART_QUANTITY_MAX)
      throw badRequest(`You can buy at most ${CART_QUANTITY_MAX} of ${title} in one order.`);
  }
  const ids = [...units.keys()];
  const [stock, held] = await Promise.all([
    repository.stockOf(db, ids),
    repository.heldUnits(db, ids, { userId }),
  ]);
  checkAgainst(units, stock, held);
}

function checkAgainst(units: Units, stock: repository.StockRow[], held: Map<string, number>) {
  for (const row of stock) {
    const unit = units.get(row.id);
    const title = unit?.title ?? 'An item';
    // Archived by the shop: it has left the storefront, whatever its stock.
    if (row.archived) throw new AppError(409, `${title} is no longer sold. Please remove it from your cart.`);
    const wanted = unit?.quantity ?? 0;
    const available = Math.max(0, row.quantity - (held.get(row.id) ?? 0));
    if (wanted > available) throw new AppError(409, shortMessage(title, row.quantity, available));
  }
  if (stock.length < units.size) {
    const missing = [...units].find(([id]) => !stock.some((row) => row.id === id));
    throw new AppError(
      409,
      `${missing?.[1].title ?? 'An item'} is no longer sold. Please remove it from your cart.`,
    );
  }
}

/**
 * Sets stock aside for a checkout until `minutes` from now, replacing every earlier hold of the
 * same shopper (a second checkout replaces the first; it never holds twice). Throws 409 naming
 * the product when the stock not held by others is short; the caller's transaction then rolls
 * back, checkout included.
 */
export async function holdStock(
  tx: Transaction,
  hold: { checkoutId: string; userId: string; lines: StockLine[]; minutes: number },
): Promise<Date | undefined> {
  const units = unitsByVariant(hold.lines);
  const ids = [...units.keys()];
  await lockShopper(tx, hold.userId);
  // Products before holds, as an order taking its stock does (takeStockForOrder): the same
  // shopper's earlier checkout being placed while this one starts (a double click on "Place
  // order") deadlocked when this one deleted that checkout's holds first and then waited for the
  // products that order had locked.
  const stock = await repository.lockVariantsOf(tx, productIdsOf(units), ids);
  await repository.deleteHoldsOfUser(tx, hold.userId);
  checkAgainst(units, stock, await repository.heldUnits(tx, ids, { userId: hold.userId }));
  return repository.insertHolds(
    tx,
    [...units].map(([variantId, { productId, quantity }]) => ({
      checkoutId: hold.checkoutId,
      userId: hold.userId,
      productId,
      variantId,
      quantity,
    })),
    hold.minutes,
  );
}

/**
 * Catalogue's part of placing an order, in the caller's transaction: the checkout's stock taken
 * (its own hold, or, when the hold lapsed, whatever is not held for others) and the GST class of
 * each product as it is now, which the order fixes on its lines. `soldOut` names what could not be
 * had; the caller rolls back if any. Products are locked in id order before their variants change,
 * so two orders cannot deadlock; the locks last for the rest of the caller's transaction.
 */
export async function takeStockForOrder(
  tx: Transaction,
  checkoutId: string,
  lines: StockLine[],
): Promise<{ soldOut: string[]; taxes: Map<string, ProductTax> }> {
  const units = unitsByVariant(lines);
  await repository.lockVariantsOf(tx, productIdsOf(units), [...units.keys()]);
  const soldOut: string[] = [];
  for (const [variantId, { title, quantity }] of [...units].sort(([a], [b]) => a.localeCompare(b))) {
    if (!(await repository.takeStock(tx, variantId, quantity, checkoutId))) soldOut.push(title);
  }
  if (soldOut.length) return { soldOut, taxes: new Map() };
  await repository.deleteHoldsOfCheckout(tx, checkoutId);
  return { soldOut, taxes: await productTaxes(tx, productIdsOf(units)) };
}

/** Gives a checkout's held stock back (its payment failed, or it sold out). */
export async function releaseHolds(db: Executor, checkoutId: string): Promise<void> {
  await repository.deleteHoldsOfCheckout(db, checkoutId);
}

/** Deletes lapsed holds; they already count for nothing, this only keeps the table small. */
export async function sweepExpiredHolds(db: Executor): Promise<number> {
  return repository.deleteExpiredHolds(db);
}

/**
 * Puts units of an order back on the shelf (a cancelled order, returned goods staff can sell
 * again) in the caller's transaction: quantity up, `sold` down, a movement in the stock ledger.
 * Locks like `takeStockForOrder`, so the two cannot deadlock.
 */
export async function restockUnits(
  tx: Transaction,
  lines: { productId: string; variantId: string; quantity: number }[],
  movement: { reason: 'cancelled' | 'returned'; note: string; staffId: string | null },
): Promise<void> {
  const units = unitsByVariant(lines.map((line) => ({ ...line, title: '' })));
  const ids = [...units.keys()].sort();
  await repository.lockVariantsOf(tx, productIdsOf(units), ids);
  for (const variantId of ids) {
    const { productId, quantity } = units.get(variantId)!;
    const after = await repository.putBack(tx, variantId, quantity);
    if (after === undefined) continue; // the variant is gone: nothing to put back
    await ledger.insertMovements(tx, [
      {
        productId,
        variantId,
        delta: quantity,
        quantityAfter: after,
        reason: movement.reason,
        note: movement.note,
        staffId: movement.staffId,
      },
    ]);
  }
}
