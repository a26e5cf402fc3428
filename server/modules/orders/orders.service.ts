import type { CreateOrderInput } from '../../../shared/api/checkout.schemas.js';
import type { ApiOrder } from '../../../shared/api/orders.schemas.js';
import { formatPaise } from '../../../shared/money.js';
import { readDeliveryAddress } from '../../../shared/schemas/lenient-address.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { CatalogService } from '../catalog/index.js';
import { type CheckoutService, findPayment } from '../checkout/index.js';
import type { PaymentProvider } from '../payments/index.js';
import type { OrderPlacement } from './order-placement.js';
import { presentCustomerOrders } from './order-presenter.js';
import * as repository from './orders.repository.js';

const lineKey = (l: { productId: string; colorId: string; quantity: number }) =>
  `${l.productId}|${l.colorId}|${l.quantity}`;

export function createOrdersService(deps: {
  db: Database;
  provider: PaymentProvider;
  catalog: CatalogService;
  checkout: CheckoutService;
  placement: OrderPlacement;
}) {
  const { db, provider, catalog, checkout, placement } = deps;

  const present = (orders: repository.OrderRow[]) => presentCustomerOrders(db, catalog, orders);

  return {
    /**
     * POST user/cart/create-order: the order is built from the server's checkout record and a
     * verified payment. Repeating the call (or racing the webhook) returns the same order.
     */
    async create(userId: string, input: CreateOrderInput): Promise<{ success: boolean; order: ApiOrder }> {
      const record = await checkout.ownCheckout(userId, input.paymentInfo.razorpayOrderId);
      const payment = await findPayment(db, provider.name, input.paymentInfo.razorpayPaymentId);
      if (!payment || payment.checkoutId !== record.id || !payment.verifiedAt) {
        throw badRequest('Please complete the payment first: this payment has not been verified.');
      }
      // An old client opened by a full page load sends [] (it builds them before the cart loads):
      // the order is built from the checkout record either way.
      if (input.orderItems?.length) {
        const sent = input.orderItems
          .map((i) => lineKey({ productId: i.product, colorId: i.color, quantity: i.quantity }))
          .sort();
        const recorded = record.lines.map(lineKey).sort();
        if (sent.join() !== recorded.join()) {
          throw badRequest(
            'Your cart changed during payment. Your order will be created from what you paid for; see My Orders.',
          );
        }
      }
      const providerPayment = (await provider
        .fetchPayment(payment.providerPaymentId)
        .catch(() => undefined)) ?? {
        id: payment.providerPaymentId,
        entity: 'payment' as const,
        order_id: payment.providerOrderId,
        amount: payment.amountPaise,
        currency: payment.currency,
        status: payment.status as 'authorized',
        method: payment.method ?? 'card',
        captured: payment.status === 'captured',
        amount_refunded: 0,
        created_at: Math.floor(payment.createdAt.getTime() / 1000),
      };
      const address = readDeliveryAddress(input.shippingInfo);
      const result = await placement.place({
        checkout: record,
        payment: providerPayment,
        ...(address ? { address } : {}),
      });
      // A second payment for a cart already ordered, or one whose coupon could no longer be used.
      if (result.kind === 'refunded') throw new AppError(409, result.message);
      if (result.kind === 'sold-out') {
        const what = result.titles.length ? result.titles.join(', ') : 'An item';
        throw new AppError(
          409,
          `${what} sold out while you were paying, so no order was placed. ${
            result.refunded
              ? `Your payment of ${formatPaise(record.amountPaise)} has been refunded.`
              : 'Your payment was not captured and will be released by your bank.'
          }`,
        );
      }
      const [order] = await present([result.order]);
      return { success: true, order: order! };
    },

    /** GET user/getmyorders: newest first, products and colours populated. */
    async listMine(userId: string): Promise<{ orders: ApiOrder[] }> {
      return { orders: await present(await repository.ordersOf(db, userId)) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
