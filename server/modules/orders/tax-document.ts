import { deliveryRateBp, type GstLineTax, gstState, splitLine } from '../../../shared/gst.js';
import type { OrderLineQuantity, ShippingInfo } from '../../db/schema.js';

/**
 * What a tax invoice and a credit note say, computed from what the order stored when it was placed
 * (decision 012: lines carry their taxable value and tax; the order its delivery fee and total tax).
 * Pure, so the PDF, the credit note written when a refund settles and the monthly GST report all
 * read the same figures and add up to the same paise.
 */

/** An order line as the invoice needs it (order_lines columns). */
export type TaxedLine = {
  id: string;
  title: string;
  /** The variant's SKU and option values; null on lines bought before variants. */
  sku: string | null;
  variantTitle: string | null;
  quantity: number;
  pricePaise: number;
  discountPaise: number;
  hsnCode: string | null;
  gstRateBp: number | null;
  taxablePaise: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** The order's figures the invoice needs. */
export type TaxedOrder = {
  totalPriceAfterDiscountPaise: number;
  deliveryPaise: number;
  /** Cash on delivery's handling fee (0 paid online). */
  codFeePaise: number;
  taxPaise: number;
  placeOfSupply: string | null;
  shippingInfo: ShippingInfo;
};

/** One row of a document's table: an order line (or part of it), the delivery charge or the COD fee. */
export type DocumentRow = {
  kind: 'goods' | 'delivery' | 'cod-fee';
  lineId: string | null;
  description: string;
  hsnCode: string | null;
  quantity: number;
  /** GST-inclusive price of one unit, as the shopper saw it (goods rows only). */
  unitPricePaise: number | null;
  /** The row's share of a coupon, GST-inclusive. */
  discountPaise: number;
} & GstLineTax;

export type DocumentTotals = {
  netPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
};

const lineNet = (line: TaxedLine) => line.pricePaise * line.quantity - line.discountPaise;

/** "Crew T-Shirt, Navy / L (SKU LEV-CREW-NVY-L)": what was bought, as the invoice names it. */
export function describeLine(line: Pick<TaxedLine, 'title' | 'sku' | 'variantTitle'>): string {
  const what = line.variantTitle ? `${line.title}, ${line.variantTitle}` : line.title;
  return line.sku ? `${what} (SKU ${line.sku})` : what;
}

/** A line's stored figures as a row of the invoice. */
function goodsRow(line: TaxedLine): DocumentRow {
  const netPaise = lineNet(line);
  const taxPaise = line.cgstPaise + line.sgstPaise + line.igstPaise;
  return {
    kind: 'goods',
    lineId: line.id,
    description: describeLine(line),
    hsnCode: line.hsnCode,
    quantity: line.quantity,
    unitPricePaise: line.pricePaise,
    discountPaise: line.discountPaise,
    netPaise,
    rateBp: line.gstRateBp ?? 0,
    taxablePaise: line.taxablePaise ?? netPaise - taxPaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    taxPaise,
  };
}

/**
 * Was the supply within the seller's state? The stored split says so (CGST or IGST on a line);
 * an order taxed only at nil rates is told by its place of supply against the seller's state.
 */
export function wasIntraState(
  order: Pick<TaxedOrder, 'placeOfSupply'>,
  lines: readonly TaxedLine[],
  sellerState?: string,
): boolean {
  if (lines.some((l) => l.igstPaise > 0)) return false;
  if (lines.some((l) => l.cgstPaise > 0 || l.sgstPaise > 0)) return true;
  // Nil-rated only: no tax either way, the label follows the place of supply.
  const place = placeOfSupplyOf(order.placeOfSupply);
  const seller = sellerState ? gstState(sellerState) : undefined;
  return !place || !seller || place.code === seller.code;
}

/** The stored place of supply ("Kerala (32)", or a bare state name) as a state and its code. */
export function placeOfSupplyOf(stored: string | null): { name: string; code: string } | null {
  if (!stored) return null;
  const labelled = /^(.*) \((\d{2})\)$/.exec(stored.trim());
  const state = gstState(labelled ? labelled[2]! : stored);
  return state ? { name: state.name, code: state.code } : null;
}

/**
 * The delivery charge as the order taxed it: at the highest rate among its lines, split the same
 * way as the goods (shared/gst.ts splitDelivery, decision 012), so the order's stored tax is the
 * lines' tax plus this row's.
 */
export function deliveryRow(order: TaxedOrder, lines: readonly TaxedLine[], intraState: boolean) {
  return chargeRow('delivery', 'Delivery charges', order.deliveryPaise, lines, intraState);
}

/**
 * Cash on delivery's handling fee, its own row: charged for delivering the goods against cash, part
 * of the same composite supply, so taxed as the delivery charge is (decision 049).
 */
export function codFeeRow(order: TaxedOrder, lines: readonly TaxedLine[], intraState: boolean) {
  return chargeRow('cod-fee', 'Cash on delivery handling fee', order.codFeePaise, lines, intraState);
}

function chargeRow(
  kind: 'delivery' | 'cod-fee',
  description: string,
  paise: number,
  lines: readonly TaxedLine[],
  intraState: boolean,
) {
  if (!(paise > 0)) return null;
  const rateBp = deliveryRateBp(lines.map((l) => l.gstRateBp ?? 0));
  const split = splitLine({ netPaise: paise, rateBp }, intraState);
  return {
    kind,
    lineId: null,
    description,
    hsnCode: null,
    quantity: 1,
    unitPricePaise: null,
    discountPaise: 0,
    ...split,
  } satisfies DocumentRow;
}

export function totalsOf(rows: readonly DocumentRow[]): DocumentTotals {
  const totals: DocumentTotals = {
    netPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
  };
  for (const row of rows) {
    totals.netPaise += row.netPaise;
    totals.taxablePaise += row.taxablePaise;
    totals.cgstPaise += row.cgstPaise;
    totals.sgstPaise += row.sgstPaise;
    totals.igstPaise += row.igstPaise;
    totals.taxPaise += row.taxPaise;
  }
  return totals;
}

/** The rows of the tax invoice: every line as stored, then the delivery charge and the COD fee if any. */
export function invoiceRows(order: TaxedOrder, lines: readonly TaxedLine[], intraState: boolean) {
  const rows: DocumentRow[] = lines.map(goodsRow);
  const delivery = deliveryRow(order, lines, intraState);
  if (delivery) rows.push(delivery);
  const codFee = codFeeRow(order, lines, intraState);
  if (codFee) rows.push(codFee);
  return rows;
}

/**
 * Splits `amount` into whole parts in proportion to `weights` (largest remainder), so the parts
 * always add up to the amount exactly. All weights zero: the amount goes to the first part.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0) return [];
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The rows of a credit note for a refund of `amountPaise` (decision 012, "Credit notes"): the
 * refunded amount is GST-inclusive, as the payment was, and is reversed at the rates of what it
 * pays back.
 * - A refund that names lines (a return, or staff refunding chosen items) credits those lines, the
 *   amount shared among them in proportion to what was paid for the units refunded.
 * - A refund of an amount (or of everything) credits every row of the invoice, delivery and the
 *   COD fee included, in proportion to what was paid for each.
 * Each share's tax is then taken out of it exactly as the invoice took it out of the line
 * (shared/gst.ts splitLine), so a refund of the whole order reverses the invoice to the paisa.
 */
export function creditNoteRows(
  order: TaxedOrder,
  lines: readonly TaxedLine[],
  refund: { amountPaise: number; lines: readonly OrderLineQuantity[] },
  intraState: boolean,
): DocumentRow[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const named = refund.lines.flatMap((pick) => {
    const line = byId.get(pick.lineId);
    return line && pick.quantity > 0 ? [{ line, quantity: Math.min(pick.quantity, line.quantity) }] : [];
  });
  const basis: { row: DocumentRow; quantity: number; weight: number }[] = named.length
    ? named.map(({ line, quantity }) => ({
        row: goodsRow(line),
        quantity,
        // What was paid for the units refunded: the line's net × units / units bought.
        weight: (lineNet(line) * quantity) / line.quantity,
      }))
    : invoiceRows(order, lines, intraState).map((row) => ({
        row,
        quantity: row.quantity,
        weight: row.netPaise,
      }));
  const shares = apportion(
    refund.amountPaise,
    basis.map((b) => b.weight),
  );
  return basis.map(({ row, quantity }, index) => {
    const split = splitLine({ netPaise: shares[index]!, rateBp: row.rateBp }, intraState);
    return {
      ...row,
      quantity,
      discountPaise: 0,
      ...split,
    };
  });
}
