import type { FastifyBaseLogger } from 'fastify';
import type { CashOnDeliveryInput } from '../../shared/api/checkout.schemas.js';
import type { ApiMyOrder } from '../../shared/api/orders.schemas.js';
import type { Database, Transaction } from '../db/client.js';
import { conflict } from '../lib/errors.js';
import type { ShopMetrics } from '../lib/metrics.js';
import { newCode } from '../modules/accounts/index.js';
import type { CatalogService } from '../modules/catalog/index.js';
import { type CheckoutRow, type CheckoutService, claimForOrder } from '../modules/checkout/index.js';
import {
  type CashOnDelivery,
  type OrderLifecycle,
  type OrderRow,
  refuseCashOnDelivery,
  refuseSecondUnconfirmed,
} from '../modules/orders/index.js';
import {
  abandonCheckout,
  CartTaken,
  CouponUsedUp,
  orderFromCheckout,
  SoldOut,
} from './order-from-checkout.js';
import type { OrderPlacement } from './place-order.js';

/** Cash on delivery refused by its own limits (the reason is the answer to the shopper). */
class Refused extends Error {
  constructor(readonly reason: unknown) {
    super('refused');
  }
}

/**
 * POST user/order/cod: a cash-on-delivery checkout (checkout's prepareCashOnDelivery) becomes its
 * order at once, unpaid and unconfirmed, its stock taken, and the 6-digit code that confirms it is
 * stored and sent in the same transaction (orders' cash-on-delivery service, which then confirms
 * it or lets it lapse). A line sold out meanwhile is a 409 naming it, and nothing is kept.
 */
export function createCashOnDeliveryPlacement(deps: {
  db: Database;
  checkout: Pick<CheckoutService, 'prepareCashOnDelivery'>;
  cashOnDelivery: Pick<CashOnDelivery, 'contactOf' | 'startConfirmation'>;
  lifecycle: Pick<OrderLifecycle, 'mine'>;
  placement: Pick<OrderPlacement, 'closeReplacedProviderOrders'>;
  /** Told when stock changes, so cached catalogue reads show it at once. */
  catalog: Pick<CatalogService, 'invalidateStock'>;
  /** COD_MAX_ORDER in paise: the cash still to collect per customer and per address. */
  maxOutstandingPaise: number;
  seller: { state: string };
  log: FastifyBaseLogger;
  metrics?: Pick<ShopMetrics, 'ordersPlaced'>;
}) {
  const { db } = deps;
  const now = () => new Date();

  /** The order for the checkout, with what must commit with it (its code); refusals as 409s. */
  async function placeCashOnDelivery(
    checkout: CheckoutRow,
    refuse: (tx: Transaction, checkout: CheckoutRow) => Promise<void>,
    inTransaction: (tx: Transaction, order: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    const shippingInfo = checkout.shippingInfo;
    if (!shippingInfo) throw new Error(`cash-on-delivery checkout ${checkout.id} has no address`);
    try {
      const order = await db.transaction(async (tx) => {
        const claim = await claimForOrder(tx, checkout);
        const locked = claim.checkout;
        if (locked?.status !== 'pending') throw conflict('This order was already placed.');
        await refuse(tx, locked).catch((error: unknown) => {
          throw new Refused(error);
        });
        // The cart was ordered meanwhile through another checkout of its round.
        if (!claim.claimed) throw new CartTaken();
        const placed = await orderFromCheckout(
          tx,
          { ...deps, now },
          locked,
          shippingInfo,
          false,
          'cash-on-delivery',
        );
        await inTransaction(tx, placed);
        return placed;
      });
      deps.metrics?.ordersPlaced.inc({ payment: 'cash-on-delivery' });
      deps.catalog.invalidateStock();
      await deps.placement.closeReplacedProviderOrders(checkout);
      return order;
    } catch (error) {
      if (error instanceof CouponUsedUp || error instanceof Refused) {
        await abandonCheckout(db, checkout.id, 'failed');
        if (error instanceof Refused) throw error.reason;
        throw conflict(`${error.message} Nothing was ordered: please place the order again without it.`);
      }
      if (error instanceof CartTaken) {
        await abandonCheckout(db, checkout.id, 'failed');
        throw conflict(
          'These items were just ordered (your cart changed while placing the order). Please check My orders before ordering again.',
        );
      }
      if (!(error instanceof SoldOut)) throw error;
      await abandonCheckout(db, checkout.id, 'failed');
      throw conflict(
        `Sorry, ${error.titles.join(', ')} sold out just now. Nothing was ordered: please check your cart and try again.`,
      );
    }
  }

  return {
    /** The order placed unpaid and unconfirmed, its code sent. */
    async place(userId: string, input: CashOnDeliveryInput): Promise<ApiMyOrder> {
      const contact = await deps.cashOnDelivery.contactOf(userId);
      // A quick answer before anything is held; the placement asks again under the lock.
      await refuseSecondUnconfirmed(db, userId);
      const prepared = await deps.checkout.prepareCashOnDelivery(userId, input);
      const code = newCode();
      const placedAt = now();
      const refuse = (tx: Transaction, locked: CheckoutRow) =>
        refuseCashOnDelivery(
          tx,
          {
            userId,
            amountPaise: locked.amountPaise,
            shippingInfo: locked.shippingInfo ?? input.shippingInfo,
          },
          deps.maxOutstandingPaise,
        );
      const order = await placeCashOnDelivery(prepared, refuse, (tx, placed) =>
        deps.cashOnDelivery.startConfirmation(tx, placed, contact, code, placedAt),
      );
      return deps.lifecycle.mine(userId, order.id);
    },
  };
}

export type CashOnDeliveryPlacement = ReturnType<typeof createCashOnDeliveryPlacement>;
