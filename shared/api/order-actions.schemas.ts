import * as z from 'zod/mini';
import { lineQuantities, reasonText } from './orders.schemas.js';
import { adminOrder, idParams } from './orders-admin.schemas.js';

/**
 * What staff do to an order after payment: pack, ship, deliver, cancel, refund, decide
 * returns, keep notes. Each answers the order as the console's order page reads it, so the page
 * shows the result of its own action without a second request.
 */

const optionalNote = z.optional(
  z.string().check(z.trim(), z.maxLength(500, 'Please keep the note under 500 characters')),
);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`));

export const packOrder = {
  params: idParams('order'),
  body: z.object({ note: optionalNote }),
  response: adminOrder,
};

export const shipOrder = {
  params: idParams('order'),
  body: z.object({
    carrier: text('The carrier', 60),
    awb: z
      .string({ error: 'The AWB (tracking) number is required' })
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9-]{4,40}$/, 'The AWB number is 4 to 40 letters, digits or hyphens'),
      ),
    trackingUrl: z.optional(
      z.union([
        z.literal(''),
        z
          .string()
          .check(
            z.trim(),
            z.regex(/^https?:\/\/[^\s]+$/, 'The tracking link must start with https:// or http://'),
            z.maxLength(500, 'The tracking link is too long'),
          ),
      ]),
    ),
    note: optionalNote,
  }),
  response: adminOrder,
};

export const markOutForDelivery = {
  params: idParams('order'),
  body: z.optional(z.object({ note: optionalNote })),
  response: adminOrder,
};
export const markDelivered = markOutForDelivery;

export const cancelOrder = {
  params: idParams('order'),
  body: z.object({ reason: reasonText('a reason for cancelling') }),
  response: adminOrder,
};

/** Rupees: up to two decimals, above 0. */
const refundAmount = z.number({ error: 'The amount must be a number of rupees' }).check(
  z.refine((n) => n > 0, 'The amount must be more than ₹0'),
  z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The amount can have at most two decimals'),
);

/**
 * A refund of a cash-on-delivery order cannot go back through a payment provider: staff pay the
 * customer by bank transfer or UPI and record how, with the transfer's reference (UTR or UPI ref).
 */
export const refundPayout = z.optional(
  z.object({
    method: z.enum(['bank_transfer', 'upi'], { error: 'Choose bank transfer or UPI' }),
    reference: z
      .string({ error: 'The transfer reference is required' })
      .check(
        z.trim(),
        z.regex(
          /^[A-Za-z0-9-]{6,40}$/,
          'The reference is the UTR or UPI reference number: 6 to 40 letters, digits or hyphens',
        ),
      ),
  }),
);

export const refundOrder = {
  params: idParams('order'),
  body: z
    .object({
      reason: reasonText('a reason for the refund'),
      /** Required for a cash-on-delivery order (400 without it), refused for one paid online. */
      payout: refundPayout,
      /** Rupees; or `lines` (their price × units); neither refunds everything left. */
      amount: z.optional(refundAmount),
      lines: z.optional(lineQuantities),
    })
    .check(
      z.refine((body) => !(body.amount !== undefined && body.lines), {
        message: 'Refund either an amount or lines, not both',
        path: ['amount'],
      }),
    ),
  response: adminOrder,
};

export const addOrderNote = {
  params: idParams('order'),
  body: z.object({ note: text('The note', 1000) }),
  response: adminOrder,
};

const returnParams = z.object({ id: idParams('order').shape.id, returnId: idParams('return').shape.id });

export const approveReturn = {
  params: returnParams,
  body: z.object({ note: optionalNote }),
  response: adminOrder,
};
export const rejectReturn = {
  params: returnParams,
  body: z.object({ reason: reasonText('a reason for the rejection') }),
  response: adminOrder,
};
export const receiveReturn = {
  params: returnParams,
  body: z.object({
    /** The goods can be sold again: their units go back into stock. */
    restockable: z.boolean({ error: 'Say whether the goods can be sold again' }),
    /** Refund the returned lines now (default true). */
    refund: z.optional(z.boolean()),
    /** A cash-on-delivery order refunded now: how the money was paid back (see refundOrder). */
    payout: refundPayout,
    note: optionalNote,
  }),
  response: adminOrder,
};

/** Cash on delivery: the courier handed over the cash (or the COD remittance arrived). */
export const collectCash = {
  params: idParams('order'),
  body: z.optional(z.object({ note: optionalNote })),
  response: adminOrder,
};
