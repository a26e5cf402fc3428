import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import type { ProductTax } from '../catalog/index.js';
import { type CheckoutRow, roundOf } from '../checkout/index.js';
import type { ProviderPayment } from '../payments/index.js';
import { takeDocumentNumber } from './document-numbers.js';
import { queueConfirmation } from './order-confirmation.js';
import { recordPlaced } from './order-lifecycle.repository.js';
import { taxOrder } from './order-tax.js';
import { insertOrder, type OrderRow, setInvoice } from './orders.repository.js';

/** BB + yymmdd + 6 characters, e.g. BB261122K7Q3MX: short enough to read out on a call. */
function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `BB${date}${random}`;
}

export type OrderToWrite = {
  /** Chosen by the caller, so that the coupon's use can name the order before it is written. */
  id: string;
  checkout: CheckoutRow;
  /** Each product's GST class as the stock was taken (catalog's takeStockForOrder). */
  taxes: Map<string, ProductTax>;
  shippingInfo: ShippingInfo;
  addressToConfirm: boolean;
  payment: ProviderPayment | 'cash-on-delivery';
  placedAt: Date;
  /** The seller's state: deliveries within it pay CGST + SGST, elsewhere IGST. */
  sellerState: string;
  /** Links in the confirmation, which paid online commits with the order (the outbox, decision 019). */
  publicUrl?: string;
  log: FastifyBaseLogger;
};

/**
 * Orders' part of placing an order, last in the caller's transaction: the lines and their GST
 * from what is paid for them (decision 012), the order written and its placing recorded. Paid
 * online, the tax invoice is numbered and the confirmation queued; cash on delivery, the order is
 * placed unpaid and unconfirmed, and invoiced when it ships (decision 014). The invoice number
 * comes very last: every order queues on the series row until its commit, so it is held for as
 * short a time as possible, and a rollback gives the number back.
 */
export async function writeOrder(tx: Transaction, input: OrderToWrite): Promise<OrderRow> {
  const { checkout, payment, placedAt } = input;
  const cod = payment === 'cash-on-delivery';
  const tax = taxOrder({
    lines: checkout.lines.map((line) => ({
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      discountPaise: line.discountPaise ?? 0,
      hsnCode: input.taxes.get(line.productId)?.hsnCode ?? null,
      gstRateBp: input.taxes.get(line.productId)?.gstRateBp ?? null,
    })),
    deliveryPaise: checkout.deliveryPaise,
    codFeePaise: checkout.codFeePaise,
    sellerState: input.sellerState,
    deliveryState: input.shippingInfo.state,
  });
  if (tax.netPaise !== checkout.amountPaise)
    input.log.error(
      { checkoutId: checkout.id, linesAndDelivery: tax.netPaise, paid: checkout.amountPaise },
      'checkout lines, delivery and COD fee do not add up to the amount paid',
    );
  const itemsPaise = checkout.lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const order = await insertOrder(
    tx,
    {
      id: input.id,
      orderNumber: newOrderNumber(placedAt),
      userId: checkout.userId,
      checkoutId: checkout.id,
      roundId: roundOf(checkout),
      shippingInfo: input.shippingInfo,
      // Items, delivery and any COD fee before the coupon; after it, what was paid (or is due in cash).
      totalPricePaise: itemsPaise + checkout.deliveryPaise + checkout.codFeePaise,
      totalPriceAfterDiscountPaise: checkout.amountPaise,
      couponCode: checkout.couponCode,
      couponDiscountPaise: checkout.couponDiscountPaise,
      deliveryPaise: checkout.deliveryPaise,
      codFeePaise: checkout.codFeePaise,
      taxPaise: tax.taxPaise,
      placeOfSupply: tax.placeOfSupply,
      // A COD order names its checkout and no payment; its paidAt moves to the collection.
      paymentInfo: { razorpayOrderId: checkout.providerOrderId, razorpayPaymentId: cod ? '' : payment.id },
      paidAt: placedAt,
      addressToConfirm: input.addressToConfirm,
      ...(cod
        ? { paymentStatus: 'unpaid' as const, paymentMethod: 'cod' as const, state: 'unconfirmed' as const }
        : // Captured just after the commit; until then the money is only authorized.
          { paymentStatus: payment.status === 'captured' ? ('paid' as const) : ('authorized' as const) }),
    },
    checkout.lines.map((line, i) => ({
      productId: line.productId,
      variantId: line.variantId,
      colorId: line.colorId,
      title: line.title,
      // Lines checked out before variants have neither: they print as they did then.
      sku: line.sku || null,
      variantTitle: line.variantTitle || null,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      ...tax.lines[i]!,
    })),
  );
  await recordPlaced(tx, order.id, cod ? { paymentMethod: 'cod' } : undefined);
  if (cod) return order;
  // The confirmation says nothing of the invoice: queued first, it is not written under the series' lock.
  if (input.publicUrl === undefined)
    throw new Error("an order paid online needs the shop's address for its confirmation");
  await queueConfirmation(tx, order, { publicUrl: input.publicUrl, at: placedAt });
  const invoiceNumber = await takeDocumentNumber(tx, 'INV', placedAt);
  await setInvoice(tx, order.id, invoiceNumber, placedAt);
  return { ...order, invoiceNumber, invoiceDate: placedAt };
}
