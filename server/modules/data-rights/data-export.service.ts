import { stringify } from 'csv-stringify/sync';
import type { ApiDataExport } from '../../../shared/api/data-rights.schemas.js';
import type { ApiOrder } from '../../../shared/api/orders.schemas.js';
import type { Database } from '../../db/client.js';
import { protectCell } from '../../lib/csv-cells.js';
import { notFound } from '../../lib/errors.js';
import { SHOP_NAME } from '../../lib/mailer.js';
import { channelChoices, consentHistory, customerRecords } from '../accounts/index.js';
import type { CartService } from '../cart/index.js';
import { enquiriesOfCustomer } from '../enquiries/index.js';
import { type OrdersService, orderHistoryOf } from '../orders/index.js';
import { remindersOfCustomer } from '../reminders/index.js';
import { restockRequestsOfCustomer } from '../restock-alerts/index.js';
import { reviewsOfCustomer } from '../reviews/index.js';
import type { WishlistService } from '../wishlist/index.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const indiaTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

const CONTENTS = {
  account: 'Your name, e-mail address, mobile number and when you signed up.',
  sessions: 'Each sign-in: when it started, when it was last used, when it expires or was signed out.',
  emailChanges:
    'Changes of your e-mail address and whether one was undone from the link sent to the old address.',
  passwordResets: 'Password reset links asked for (the links themselves are never kept).',
  orders: 'Your orders: items, prices paid, delivery address, status and payment.',
  orderHistory:
    'For each order: its tax invoice, refunds, returns, credit notes and the timeline of what happened to it.',
  cart: 'What is in your cart now.',
  wishlist: 'The products on your wishlist.',
  reviews: 'Your reviews: the product, stars, text and whether it was a verified purchase.',
  enquiries:
    'Messages you sent through the contact form, and complaints and data requests you filed: those sent while signed in, and those sent with your e-mail address after you confirmed it.',
  consents:
    'What you agreed to and withdrew: the privacy notice at sign-up and offers by e-mail, SMS and WhatsApp, with the notice version, when and where.',
  backInStockRequests:
    'Products and sizes you asked us to tell you about when back in stock: when you asked, by which channels, and whether we told you or the request was cancelled.',
  reminders:
    'Price drops on your wishlist and reminders of your cart that we sent you (what, when and by which channels), and the price we last told you each wishlisted product costs.',
  messageChannels:
    'Where we send order updates and offers: your e-mail address and mobile number, whether each is confirmed, and your choices for e-mail, SMS and WhatsApp.',
};

/**
 * The customer's right of access (DPDP Act 2023, s. 11): everything held about them, read through
 * each module's own service or exported function, in one JSON document; and their orders as CSV.
 */
export function createDataExport(deps: {
  db: Database;
  orders: Pick<OrdersService, 'listMine'>;
  cart: Pick<CartService, 'list'>;
  wishlist: Pick<WishlistService, 'get'>;
}) {
  const { db } = deps;
  return {
    async exportFor(userId: string): Promise<ApiDataExport> {
      const records = await customerRecords(db, userId);
      if (!records) throw notFound('This account no longer exists.');
      const [{ orders }, history, cart, wishlist, reviews, enquiries] = await Promise.all([
        deps.orders.listMine(userId),
        orderHistoryOf(db, userId),
        deps.cart.list(userId),
        deps.wishlist.get(userId),
        reviewsOfCustomer(db, userId, 100_000),
        enquiriesOfCustomer(db, {
          userId,
          email: records.account.email,
          emailVerifiedAt: records.emailVerifiedAt,
        }),
      ]);
      return {
        about: { shop: SHOP_NAME, exportedAt: new Date().toISOString(), contents: CONTENTS },
        account: records.account,
        sessions: records.sessions.map((s) => ({
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          revokedAt: iso(s.revokedAt),
        })),
        emailChanges: records.emailChanges.map((c) => ({
          oldEmail: c.oldEmail,
          newEmail: c.newEmail,
          createdAt: c.createdAt.toISOString(),
          undoneAt: iso(c.usedAt),
        })),
        passwordResets: records.passwordResets.map((r) => ({
          createdAt: r.createdAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
          usedAt: iso(r.usedAt),
        })),
        orders,
        orderHistory: orders.map((order) => ({
          orderNumber: order.orderNumber,
          ...(history.get(order._id) ?? {
            invoice: null,
            refunds: [],
            returns: [],
            creditNotes: [],
            timeline: [],
          }),
        })),
        cart,
        wishlist: wishlist.wishlist,
        reviews: reviews.map((r) => ({
          productTitle: r.productTitle,
          productSlug: r.productSlug,
          star: r.star,
          comment: r.comment,
          verifiedPurchase: r.verifiedPurchase,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        consents: await consentHistory(db, userId),
        messageChannels: await channelChoices(db, userId),
        backInStockRequests: await restockRequestsOfCustomer(db, userId),
        reminders: await remindersOfCustomer(db, userId),
        enquiries: enquiries.map((e) => ({
          name: e.name,
          email: e.email,
          mobile: e.mobile,
          comment: e.comment,
          status: e.status,
          createdAt: e.createdAt.toISOString(),
          kind: e.kind,
          ticketNumber: e.ticketNumber,
        })),
      };
    },

    /** One row per item ordered, newest order first; amounts in rupees, dates in India time. */
    async ordersCsv(userId: string): Promise<string> {
      const { orders } = await deps.orders.listMine(userId);
      return stringify(orders.flatMap(orderRows), {
        header: true,
        columns: [
          'order',
          'placed',
          'status',
          'payment',
          'paymentStatus',
          'item',
          'colour',
          'quantity',
          'price',
          'orderTotal',
          'deliverTo',
        ],
      });
    },
  };
}

function orderRows(order: ApiOrder) {
  const address = order.shippingInfo;
  const deliverTo = [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address,
    address.landmark,
    address.city,
    address.state,
    address.pincode,
  ]
    .filter(Boolean)
    .join(', ');
  return order.orderItems.map((line) => ({
    order: order.orderNumber,
    placed: indiaTime.format(new Date(order.createdAt)),
    status: order.orderStatus,
    payment: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    item: protectCell(line.title),
    colour: protectCell(line.color.title),
    quantity: line.quantity,
    price: line.price.toFixed(2),
    orderTotal: order.totalPriceAfterDiscount.toFixed(2),
    deliverTo: protectCell(deliverTo),
  }));
}

export type DataExport = ReturnType<typeof createDataExport>;
