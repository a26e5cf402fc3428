import type { DeliveryAddress } from '../../../shared/schemas/lenient-address.js';
import type { Database, Transaction } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import { customerContact } from '../accounts/index.js';
import type { CheckoutRow } from '../checkout/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { taxOrder } from './order-tax.js';
import { addressConfirmationEmail } from './orders.emails.js';
import * as repository from './orders.repository.js';

/**
 * The delivery address of an order being placed: which one to use, asking the customer for a
 * better one, and retaxing an order whose address arrived after it was placed.
 */
export function createPlacementAddresses(deps: {
  db: Database;
  publicUrl: string;
  seller: { state: string };
  now: () => Date;
}) {
  const { db, now } = deps;

  /**
   * The address to ship to, and whether it still needs confirming: the one sent with the order,
   * else the one given at checkout (validated then), else a placeholder. A paid order is never
   * dropped for want of an address: the customer is asked for it by e-mail.
   */
  async function addressFor(
    checkout: CheckoutRow,
    given: DeliveryAddress | undefined,
  ): Promise<{ shippingInfo: ShippingInfo; toConfirm: boolean }> {
    if (given) return { shippingInfo: given.address, toConfirm: !given.confirmed };
    if (checkout.shippingInfo) return { shippingInfo: checkout.shippingInfo, toConfirm: false };
    const user = await customerContact(db, checkout.userId);
    return {
      toConfirm: true,
      shippingInfo: {
        firstName: user?.firstname ?? 'Customer',
        lastName: user?.lastname ?? '',
        address: 'Address to be confirmed with the customer',
        landmark: '-',
        city: '-',
        state: '-',
        country: 'India',
        pincode: '-',
        ...(user?.mobile ? { mobile: user.mobile } : {}),
      },
    };
  }

  /**
   * Once per order: the e-mail asking the customer to confirm an address we could not read. The
   * claim and the outbox row commit together, so it is neither lost nor sent twice.
   */
  async function requestAddressConfirmation(order: repository.OrderRow) {
    await db.transaction(async (tx) => {
      if (!(await repository.claimAddressRequest(tx, order.id, now()))) return;
      const user = await customerContact(tx, order.userId);
      if (!user) return;
      await queueEmail(
        tx,
        addressConfirmationEmail({
          to: user.email,
          firstname: user.firstname,
          orderNumber: order.orderNumber,
          shipping: order.shippingInfo,
          ordersUrl: `${deps.publicUrl}/my-orders`,
          contactUrl: `${deps.publicUrl}/contact`,
          locale: user.language,
        }),
        'address confirmation',
      );
    });
  }

  /**
   * The order was placed (by the webhook) before the browser's address arrived: its place of
   * supply was the seller's state; the real address may move it to IGST. Same lines, same rates,
   * same invoice number: the invoice is only printed from these figures, so nothing has gone out.
   */
  async function retax(tx: Transaction, order: repository.OrderRow) {
    const lines = await repository.taxLinesOfOrder(tx, order.id);
    const tax = taxOrder({
      lines,
      deliveryPaise: order.deliveryPaise,
      codFeePaise: order.codFeePaise,
      sellerState: deps.seller.state,
      deliveryState: order.shippingInfo.state,
      fixedRates: true,
    });
    await repository.updateOrderTax(
      tx,
      order.id,
      { taxPaise: tax.taxPaise, placeOfSupply: tax.placeOfSupply },
      lines.map((line, i) => {
        const { taxablePaise, cgstPaise, sgstPaise, igstPaise } = tax.lines[i]!;
        return { id: line.id, taxablePaise, cgstPaise, sgstPaise, igstPaise };
      }),
    );
    Object.assign(order, { taxPaise: tax.taxPaise, placeOfSupply: tax.placeOfSupply });
  }

  return { addressFor, requestAddressConfirmation, retax };
}
