import type { ApiOrderTax } from '../../../shared/api/orders.schemas.js';
import {
  deliveryRateBp,
  gstState,
  lineRateBp,
  placeOfSupplyLabel,
  splitGst,
  splitLine,
} from '../../../shared/gst.js';
import { paiseToRupees } from '../../../shared/money.js';

/**
 * The GST an order stores (decision 012): each line's rate from its HSN code and configured rate
 * (the apparel and footwear rule decides by the value of a piece), the split by place of supply,
 * and the delivery fee and cash on delivery's handling fee at the principal supply's rate. Computed once, when the order is placed,
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
  /** GST included in the total, the delivery fee's and the COD fee's included. */
  taxPaise: number;
  /** "Kerala (32)": the delivery state, or the seller's when the delivery state cannot be told. */
  placeOfSupply: string;
  /** What the lines, delivery and COD fee add up to: what the customer pays. */
  netPaise: number;
};

export function taxOrder(input: {
  lines: readonly TaxableLine[];
  deliveryPaise: number;
  /** Cash on delivery's handling fee, taxed as delivery is (0 paid online). */
  codFeePaise?: number;
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
    codFeePaise: input.codFeePaise ?? 0,
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

type StoredLine = {
  id: string;
  discountPaise: number;
  hsnCode: string | null;
  gstRateBp: number | null;
  taxablePaise: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * An order's stored GST in rupees, for its pages (null for an order placed before GST was
 * recorded). The COD fee's tax is split out of the fee as placing did (shared/gst.ts, the highest
 * line rate); the delivery fee's is what the order's tax holds beyond its lines' and the fee's,
 * split in two equal halves within the seller's state, as every intra-state amount is.
 */
export function presentOrderTax(
  order: { placeOfSupply: string | null; taxPaise: number; deliveryPaise: number; codFeePaise: number },
  lines: readonly StoredLine[],
  seller: { stateCode: string },
): ApiOrderTax | null {
  if (!order.placeOfSupply || lines.some((line) => line.taxablePaise === null || line.gstRateBp === null))
    return null;
  const place = gstState(order.placeOfSupply.replace(/\s*\(\d{2}\)$/, ''));
  const intraState = place?.code === seller.stateCode;
  const rateBp = deliveryRateBp(lines.map((l) => l.gstRateBp ?? 0));
  const codFee =
    order.codFeePaise > 0 ? splitLine({ netPaise: order.codFeePaise, rateBp }, intraState) : null;
  const linesTax = lines.reduce((sum, l) => sum + l.cgstPaise + l.sgstPaise + l.igstPaise, 0);
  const deliveryTax = Math.max(0, order.taxPaise - linesTax - (codFee?.taxPaise ?? 0));
  const deliveryHalf = Math.floor(deliveryTax / 2);
  const delivery =
    order.deliveryPaise > 0
      ? {
          rateBp,
          taxablePaise: order.deliveryPaise - deliveryTax,
          cgstPaise: intraState ? deliveryHalf : 0,
          sgstPaise: intraState ? deliveryTax - deliveryHalf : 0,
          igstPaise: intraState ? 0 : deliveryTax,
        }
      : null;
  const amounts = (part: {
    taxablePaise: number | null;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }) => ({
    taxable: paiseToRupees(part.taxablePaise ?? 0),
    cgst: paiseToRupees(part.cgstPaise),
    sgst: paiseToRupees(part.sgstPaise),
    igst: paiseToRupees(part.igstPaise),
  });
  const parts = [...lines, ...(delivery ? [delivery] : []), ...(codFee ? [codFee] : [])];
  const sum = (pick: (part: (typeof parts)[number]) => number) => parts.reduce((s, p) => s + pick(p), 0);
  return {
    placeOfSupply: order.placeOfSupply,
    intraState,
    stateTaxName: intraState && place?.utgst ? 'UTGST' : 'SGST',
    total: paiseToRupees(order.taxPaise),
    taxable: paiseToRupees(sum((p) => p.taxablePaise ?? 0)),
    cgst: paiseToRupees(sum((p) => p.cgstPaise)),
    sgst: paiseToRupees(sum((p) => p.sgstPaise)),
    igst: paiseToRupees(sum((p) => p.igstPaise)),
    lines: lines.map((line) => ({
      lineId: line.id,
      hsn: line.hsnCode,
      rate: (line.gstRateBp ?? 0) / 100,
      discount: paiseToRupees(line.discountPaise),
      ...amounts(line),
    })),
    delivery: delivery ? { rate: delivery.rateBp / 100, ...amounts(delivery) } : null,
    codFee: codFee ? { rate: codFee.rateBp / 100, ...amounts(codFee) } : null,
  };
}
