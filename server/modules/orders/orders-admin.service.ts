import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import type {
  ApiAdminOrder,
  ApiAdminOrderRow,
  ApiLegacyOrder,
  ApiLegacyOrderSummary,
  LegacyOrderStatus,
  legacyStatusInputs,
} from '../../../shared/api/orders-admin.schemas.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/orders-admin.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordBulkRead } from '../audit/index.js';
import { paymentsOfCheckout } from '../payments/index.js';
import type { LifecycleActor } from './order-changes.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import * as repository from './orders.repository.js';
import * as admin from './orders-admin.repository.js';

/** The original admin client lists "every" order: as many as the contract's lists ever answer. */
export const LEGACY_LIST_MAX = 10_000;
const DAY_MS = 86_400_000;

const ORDER_NOT_FOUND = 'There is no order with that id.';

/** The one-word statuses the order can move to now (the console's older status call). */
function nextStatusesFrom(actions: {
  pack: boolean;
  ship: boolean;
  outForDelivery: boolean;
  deliver: boolean;
  cancel: boolean;
}): OrderStatus[] {
  const next: OrderStatus[] = [];
  if (actions.pack) next.push('Processing');
  if (actions.ship) next.push('Shipped');
  if (actions.outForDelivery) next.push('Out for delivery');
  if (actions.deliver) next.push('Delivered');
  if (actions.cancel) next.push('Cancelled');
  return next;
}

// The original admin client's words for two of our statuses: its drop-down preselects the
// order's status by exact match, so it must read them back as it wrote them.
const toLegacy: Partial<Record<OrderStatus, LegacyOrderStatus>> = {
  Processing: 'Processed',
  'Out for delivery': 'Out For Delievery',
};
const fromLegacy: Record<(typeof legacyStatusInputs)[number], OrderStatus> = {
  Ordered: 'Ordered',
  Processed: 'Processing',
  Shipped: 'Shipped',
  'Out For Delievery': 'Out for delivery',
  'Out For Delivery': 'Out for delivery',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};
const legacyStatus = (status: OrderStatus) => toLegacy[status] ?? (status as LegacyOrderStatus);

/** 00:00 in India of the day `daysAhead` after `date` (YYYY-MM-DD), as an instant. */
function indiaMidnight(date: string, daysAhead = 0): Date {
  const at = new Date(`${date}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw badRequest(`${date} is not a date.`);
  return new Date(at.getTime() + daysAhead * DAY_MS);
}

/** A row of the console's order lists (the orders page, the dashboard's recent orders). */
export function presentRow(row: admin.AdminOrderListRow): ApiAdminOrderRow {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    customer: {
      _id: row.userId,
      name: `${row.customer.firstname} ${row.customer.lastname}`.trim(),
      email: row.customer.email,
      mobile: row.customer.mobile,
    },
    itemCount: row.itemCount,
    total: paiseToRupees(row.totalPriceAfterDiscountPaise),
    status: row.orderStatus,
    awaitingCode: row.state === 'unconfirmed',
    paymentMethod: row.paidWith,
    addressToConfirm: row.addressToConfirm,
  };
}

function legacyFields(order: admin.OrderWithCustomer) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: {
      _id: order.userId,
      firstname: order.customer.firstname,
      lastname: order.customer.lastname,
      email: order.customer.email,
      mobile: order.customer.mobile,
    },
    shippingInfo: order.shippingInfo,
    totalPrice: paiseToRupees(order.totalPricePaise),
    totalPriceAfterDiscount: paiseToRupees(order.totalPriceAfterDiscountPaise),
    orderStatus: legacyStatus(order.orderStatus),
    addressToConfirm: order.addressToConfirm,
    paymentInfo: order.paymentInfo,
    paidAt: order.paidAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export type ListOrdersQuery = {
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  payment?: string | undefined;
  q?: string | undefined;
  sort?: admin.AdminOrderSort | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

export type OrdersAdminDeps = Pick<ServiceDeps, 'db' | 'catalog'> & {
  /** The order as its page shows it, and the original clients' status change (a flow). */
  lifecycle: Pick<OrderLifecycle, 'lifecycleOf'> & {
    changeStatus(actor: LifecycleActor & { kind: 'staff' }, orderId: string, to: OrderStatus): Promise<void>;
  };
};

/**
 * Orders for staff: the original admin client's five calls and the console's. Every status change,
 * from either, goes through `changeStatus` (one transaction: lock, the state machine of
 * order-status.ts, the write and its audit record).
 */
export class OrdersAdminService {
  private readonly db: ServiceDeps['db'];
  private readonly catalog: ServiceDeps['catalog'];
  private readonly lifecycle: OrdersAdminDeps['lifecycle'];

  constructor({ db, catalog, lifecycle }: OrdersAdminDeps) {
    this.db = db;
    this.catalog = catalog;
    this.lifecycle = lifecycle;
  }

  private async requireOrder(id: string): Promise<admin.OrderWithCustomer> {
    const order = await admin.findOrderWithCustomer(this.db, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** The lines with today's product (title, brand, pictures) and the colour bought. */
  private async populatedLines(orderId: string) {
    const lines = await repository.linesOfOrders(this.db, [orderId]);
    const products = await this.catalog.productsByIds(lines.map((l) => l.productId));
    return lines.map((line) => ({ line, product: products.get(line.productId) }));
  }

  private async presentLegacy(order: admin.OrderWithCustomer): Promise<ApiLegacyOrder> {
    const lines = await this.populatedLines(order.id);
    return {
      ...legacyFields(order),
      orderItems: lines.map(({ line, product }) => ({
        _id: line.id,
        // A product deleted since keeps its place in the order under the title it was bought as.
        product: product ?? { _id: line.productId, title: line.title, brand: '', images: [] },
        color: { _id: line.colorId, title: line.colorTitle, name: line.colorName },
        title: line.title,
        quantity: line.quantity,
        price: paiseToRupees(line.pricePaise),
      })),
    };
  }

  private async presentAdmin(order: admin.OrderWithCustomer): Promise<ApiAdminOrder> {
    const [lines, paymentRows, lifecycleNow] = await Promise.all([
      this.populatedLines(order.id),
      paymentsOfCheckout(this.db, order.checkoutId),
      this.lifecycle.lifecycleOf(order, true),
    ]);
    const { fields, actions, allowed, lineQuantities } = lifecycleNow;
    return {
      _id: order.id,
      orderNumber: order.orderNumber,
      status: order.orderStatus,
      nextStatuses: nextStatusesFrom(actions),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      paidAt: order.paidAt.toISOString(),
      totalPrice: paiseToRupees(order.totalPricePaise),
      totalPriceAfterDiscount: paiseToRupees(order.totalPriceAfterDiscountPaise),
      delivery: paiseToRupees(order.deliveryPaise),
      codFee: paiseToRupees(order.codFeePaise),
      addressToConfirm: order.addressToConfirm,
      shippingInfo: order.shippingInfo,
      customer: { _id: order.userId, ...order.customer },
      lines: lines.map(({ line, product }) => ({
        _id: line.id,
        productId: line.productId,
        sku: line.sku,
        options: line.variantTitle ?? '',
        title: line.title,
        slug: product?.slug ?? null,
        image: product?.images[0]?.url ?? null,
        color: { _id: line.colorId, title: line.colorTitle, name: line.colorName },
        quantity: line.quantity,
        price: paiseToRupees(line.pricePaise),
        refundedQuantity: lineQuantities.get(line.id)?.refundedQuantity ?? 0,
        returnedQuantity: lineQuantities.get(line.id)?.returnedQuantity ?? 0,
      })),
      paymentInfo: order.paymentInfo,
      paymentMethod: order.paymentMethod,
      payments: paymentRows.map((payment) => ({
        provider: payment.provider,
        paymentId: payment.providerPaymentId,
        providerOrderId: payment.providerOrderId,
        method: payment.method,
        status: payment.status,
        amount: paiseToRupees(payment.amountPaise),
        currency: payment.currency,
        verifiedAt: payment.verifiedAt?.toISOString() ?? null,
        refundedAt: payment.refundedAt?.toISOString() ?? null,
        createdAt: payment.createdAt.toISOString(),
      })),
      ...fields,
      actions,
      returnUntil: allowed.returnUntil,
    };
  }

  /**
   * A status change in one word (the original admin client's, or the console's older call): the
   * order lifecycle maps it onto the state machine (order-this.lifecycle.service.ts), then the order is
   * read back.
   */
  async changeStatus(actor: AuditActor, id: string, to: OrderStatus): Promise<admin.OrderWithCustomer> {
    await this.lifecycle.changeStatus({ kind: 'staff', staff: actor }, id, to);
    return this.requireOrder(id);
  }

  /**
   * GET user/getallorders: the newest 10,000 orders, customers populated, lines as ids. The
   * original admin client's whole order book (what it tabulates and exports): recorded.
   */
  async legacyList(actor: AuditActor): Promise<{ orders: ApiLegacyOrderSummary[] }> {
    const [orders, lines] = await Promise.all([
      admin.newestOrdersWithCustomers(this.db, LEGACY_LIST_MAX),
      admin.linesOfNewestOrders(this.db, LEGACY_LIST_MAX),
    ]);
    await recordBulkRead(this.db, actor, {
      action: 'order.list',
      entityType: 'order',
      source: 'every order with its customer (the original admin client, GET /api/user/getallorders)',
      query: {},
      rows: orders.length,
    });
    const linesByOrder = new Map<string, typeof lines>();
    for (const line of lines) {
      const list = linesByOrder.get(line.orderId);
      if (list) list.push(line);
      else linesByOrder.set(line.orderId, [line]);
    }
    return {
      orders: orders.map((order) => ({
        ...legacyFields(order),
        orderItems: (linesByOrder.get(order.id) ?? []).map((line) => ({
          _id: line.id,
          product: line.productId,
          color: line.colorId,
          title: line.title,
          quantity: line.quantity,
          price: paiseToRupees(line.pricePaise),
        })),
      })),
    };
  }

  /** GET user/getOrder/:id */
  async legacyGet(id: string): Promise<{ orders: ApiLegacyOrder }> {
    return { orders: await this.presentLegacy(await this.requireOrder(id)) };
  }

  /** PUT user/updateOrder/:id, in the client's words. */
  async legacyUpdate(
    actor: AuditActor,
    id: string,
    status: (typeof legacyStatusInputs)[number],
  ): Promise<{ orders: ApiLegacyOrder }> {
    return { orders: await this.presentLegacy(await this.changeStatus(actor, id, fromLegacy[status])) };
  }

  /** The console's order list and its search (names, e-mails, mobiles, addresses): recorded. */
  async list(actor: AuditActor, query: ListOrdersQuery) {
    const page = query.page ?? 1;
    const pageSize = query.limit ?? ADMIN_PAGE_SIZE;
    const filters: admin.AdminOrderFilters = {
      status: query.status,
      from: query.from ? indiaMidnight(query.from) : undefined,
      to: query.to ? indiaMidnight(query.to, 1) : undefined,
      paymentMethod: query.payment,
      q: query.q || undefined,
    };
    if (filters.from && filters.to && filters.from >= filters.to) {
      throw badRequest('The end date is before the start date.', {
        to: 'The end date is before the start date.',
      });
    }
    const [rows, total] = await Promise.all([
      admin.listAdminOrders(
        this.db,
        filters,
        query.sort ?? 'createdAt:desc',
        (page - 1) * pageSize,
        pageSize,
      ),
      admin.countAdminOrders(this.db, filters),
    ]);
    await recordBulkRead(this.db, actor, {
      action: 'order.list',
      entityType: 'order',
      source: 'the order list',
      query: {
        search: filters.q,
        status: query.status,
        from: query.from,
        to: query.to,
        payment: query.payment,
        sort: query.sort,
        page,
        pageSize,
      },
      rows: rows.length,
      total,
    });
    return { orders: rows.map(presentRow), total, page, pageSize };
  }

  async get(id: string): Promise<ApiAdminOrder> {
    return this.presentAdmin(await this.requireOrder(id));
  }

  async setStatus(actor: AuditActor, id: string, status: OrderStatus): Promise<ApiAdminOrder> {
    return this.presentAdmin(await this.changeStatus(actor, id, status));
  }
}

export function createOrdersAdminService(deps: OrdersAdminDeps): OrdersAdminService {
  return new OrdersAdminService(deps);
}
