import { desc, inArray } from 'drizzle-orm';
import type { FulfilmentStatus, OrderState, PaymentStatus } from '../../shared/api/orders.schemas.js';
import type { Database } from '../db/client.js';
import {
  checkouts,
  type OrderStatus,
  orderLines,
  orders,
  payments,
  productVariants,
  type ShippingInfo,
  users,
} from '../db/schema.js';
import { testAddress } from './shopping.js';

/**
 * Orders and customers written straight to the database, for the staff side's tests: each states
 * the dates, statuses and payment methods it needs without paying through the gateway.
 */
let counter = 0;
const unique = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

export async function insertCustomer(
  db: Database,
  spec: {
    firstname?: string;
    lastname?: string;
    email?: string;
    mobile?: string;
    createdAt?: Date;
    isBlocked?: boolean;
  } = {},
) {
  const n = counter++;
  const [user] = await db
    .insert(users)
    .values({
      firstname: spec.firstname ?? 'Meera',
      lastname: spec.lastname ?? `Shopper${n}`,
      email: spec.email ?? `shopper${n}-${process.pid}@example.in`,
      mobile: spec.mobile ?? `7${String(n).padStart(9, '0')}`,
      // Not an argon2 hash: these customers never sign in.
      passwordHash: 'not a password hash',
      isBlocked: spec.isBlocked ?? false,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  return user!;
}

export type OrderLineSpec = {
  productId: string;
  /** The product's first variant when left out. */
  variantId?: string;
  colorId: string;
  title?: string;
  quantity?: number;
  pricePaise: number;
};

const FULFILMENT: Partial<Record<OrderStatus, FulfilmentStatus>> = {
  Processing: 'packed',
  Shipped: 'shipped',
  'Out for delivery': 'out_for_delivery',
  Delivered: 'delivered',
  Returned: 'returned',
};

/** The lifecycle an order with this one-word status has. */
function lifecycleOf(status: OrderStatus, totalPaise: number) {
  const refunded = status === 'Cancelled' || status === 'Refunded';
  return {
    fulfilmentStatus: FULFILMENT[status] ?? ('unfulfilled' as const),
    state:
      status === 'Cancelled'
        ? ('cancelled' as const)
        : status === 'Delivered'
          ? ('completed' as const)
          : ('placed' as const),
    paymentStatus: refunded ? ('refunded' as const) : ('paid' as const),
    refundedPaise: refunded ? totalPaise : 0,
  };
}

export async function insertOrder(
  db: Database,
  spec: {
    userId: string;
    lines: OrderLineSpec[];
    status?: OrderStatus;
    createdAt?: Date;
    /** Defaults to the lines' sum. */
    totalPaise?: number;
    paymentMethod?: string;
    shippingInfo?: ShippingInfo;
    /** The lifecycle's statuses, as stored; the schema's defaults otherwise. */
    state?: OrderState;
    paymentStatus?: PaymentStatus;
    fulfilmentStatus?: FulfilmentStatus;
    /** Paise given back by processed refunds. */
    refundedPaise?: number;
  },
) {
  const id = unique();
  const totalPaise =
    spec.totalPaise ?? spec.lines.reduce((sum, l) => sum + l.pricePaise * (l.quantity ?? 1), 0);
  const createdAt = spec.createdAt ?? new Date();
  const providerOrderId = `order_${id}`;
  const providerPaymentId = `pay_${id}`;
  const variants = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        spec.lines.map((l) => l.productId),
      ),
    )
    .orderBy(desc(productVariants.position));
  // Each product's first variant, unless the line names one.
  const variantOf = (l: { productId: string; variantId?: string }) =>
    l.variantId ?? variants.filter((v) => v.productId === l.productId).at(-1)!.id;
  const [checkout] = await db
    .insert(checkouts)
    .values({
      userId: spec.userId,
      provider: 'test',
      providerOrderId,
      amountPaise: totalPaise,
      lines: spec.lines.map((l) => ({
        productId: l.productId,
        variantId: variantOf(l),
        sku: '',
        variantTitle: '',
        colorId: l.colorId,
        title: l.title ?? 'Product',
        quantity: l.quantity ?? 1,
        pricePaise: l.pricePaise,
      })),
      status: 'completed',
      createdAt,
    })
    .returning();
  await db.insert(payments).values({
    checkoutId: checkout!.id,
    provider: 'test',
    providerPaymentId,
    providerOrderId,
    amountPaise: totalPaise,
    status: 'captured',
    method: spec.paymentMethod ?? 'upi',
    verifiedAt: createdAt,
    createdAt,
  });
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `BB${id}`.slice(0, 20),
      userId: spec.userId,
      checkoutId: checkout!.id,
      shippingInfo: spec.shippingInfo ?? testAddress,
      totalPricePaise: totalPaise,
      totalPriceAfterDiscountPaise: totalPaise,
      orderStatus: spec.status ?? 'Ordered',
      paymentInfo: { razorpayOrderId: providerOrderId, razorpayPaymentId: providerPaymentId },
      paidAt: createdAt,
      createdAt,
      updatedAt: createdAt,
      // The three statuses follow the one given (as migration 0012 derived them), unless stated.
      ...lifecycleOf(spec.status ?? 'Ordered', totalPaise),
      ...(spec.state ? { state: spec.state } : {}),
      ...(spec.paymentStatus ? { paymentStatus: spec.paymentStatus } : {}),
      ...(spec.fulfilmentStatus ? { fulfilmentStatus: spec.fulfilmentStatus } : {}),
      ...(spec.refundedPaise !== undefined ? { refundedPaise: spec.refundedPaise } : {}),
    })
    .returning();
  await db.insert(orderLines).values(
    spec.lines.map((l) => ({
      orderId: order!.id,
      productId: l.productId,
      variantId: variantOf(l),
      colorId: l.colorId,
      title: l.title ?? 'Product',
      quantity: l.quantity ?? 1,
      pricePaise: l.pricePaise,
    })),
  );
  return order!;
}
