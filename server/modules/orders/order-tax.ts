import { lineRateBp, placeOfSupplyLabel, splitGst } from '../../../shared/gst.js';

/**
 * The GST an order stores (decision 012): each line's rate from its HSN code and configured rate
 * (the apparel and footwear rule decides by the value of a piece), the split by place of supply,
 * and the delivery fee at the principal supply's rate. Computed once, when the order is placed,
 * from what the customer pays for each line; the invoice prints exactly these figures.
 */

export type TaxableLine = {
  quantity: number;
  pricePaise: number;
  /** The line's share of the coupon (0 without one). */
  discountPaise: number;
  hsnCode: string | null;
  /** The configured rate (the product's, else its category's); null when neither sets one. */
  gstRateBp: number | null;
};

export type LineTaxFields = {
  discountPaise: number;
  hsnCode: string | null;
  gstRateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export type OrderTax = {
  lines: LineTaxFields[];
  /** GST included in the total, the delivery fee's included. */
  taxPaise: number;
  /** "Kerala (32)": the delivery state, or the seller's when the delivery state cannot be told. */
  placeOfSupply: string;
  /** What the lines and delivery add up to: what the customer pays. */
  netPaise: number;
};

export function taxOrder(input: {
  lines: readonly TaxableLine[];
  deliveryPaise: number;
  sellerState: string;
  deliveryState: string | null | undefined;
  /** Keep each line's stored rate (re-splitting a placed order after its address was confirmed). */
  fixedRates?: boolean;
}): OrderTax {
  const priced = input.lines.map((line) => {
    const gross = line.pricePaise * line.quantity;
    // A paid order is never refused over a discount share out of range: it is kept within the line.
    const discountPaise = Math.min(Math.max(0, Math.round(line.discountPaise)), gross);
    const netPaise = gross - discountPaise;
    const rateBp =
      input.fixedRates && line.gstRateBp !== null
        ? line.gstRateBp
        : lineRateBp({ hsnCode: line.hsnCode, rateBp: line.gstRateBp, netPaise, quantity: line.quantity });
    return { line, discountPaise, netPaise, rateBp };
  });
  const split = splitGst({
    lines: priced.map(({ netPaise, rateBp }) => ({ netPaise, rateBp })),
    sellerState: input.sellerState,
    deliveryState: input.deliveryState,
    deliveryPaise: input.deliveryPaise,
  });
  const place =
    (input.deliveryState ? placeOfSupplyLabel(input.deliveryState) : undefined) ??
    placeOfSupplyLabel(input.sellerState)!;
  return {
    lines: priced.map(({ line, discountPaise, rateBp }, i) => {
      const tax = split.lines[i]!;
      return {
        discountPaise,
        hsnCode: line.hsnCode,
        gstRateBp: rateBp,
        taxablePaise: tax.taxablePaise,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
      };
    }),
    taxPaise: split.totals.taxPaise,
    placeOfSupply: place,
    netPaise: split.totals.netPaise,
  };
}
