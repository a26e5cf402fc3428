import * as z from 'zod/mini';
import { messageAnswer } from './accounts.schemas.js';
import { orderStatuses } from './orders.schemas.js';
import { idParams, queryInt, queryText } from './orders-admin.schemas.js';

/**
 * Customers for staff: the original admin client's list and its block/unblock calls, and the
 * console's search and customer page.
 */

/** The contract's lists answer every record when no limit is sent, up to this many. */
export const CUSTOMER_LIST_MAX = 10_000;

export const legacyCustomer = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: z.enum(['user', 'admin']),
  isBlocked: z.boolean(),
  createdAt: z.string(),
});

export const legacyListCustomers = { response: z.array(legacyCustomer) };
export const blockCustomer = { params: idParams('customer'), response: messageAnswer };
export const unblockCustomer = { params: idParams('customer'), response: messageAnswer };

export const customerSortKeys = ['createdAt', 'name', 'email'] as const;
const sorts = customerSortKeys.flatMap((key) => [`${key}:asc`, `${key}:desc`] as const);

export const adminCustomerRow = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  isBlocked: z.boolean(),
  /** When the customer deleted their account: name, e-mail and mobile are placeholders. */
  erasedAt: z.nullable(z.string()),
  createdAt: z.string(),
  orderCount: z.number(),
  /** Rupees paid, leaving out cancelled and refunded orders. */
  spent: z.number(),
});
export type ApiAdminCustomerRow = z.output<typeof adminCustomerRow>;

export const listAdminCustomers = {
  query: z.object({
    /** Name, e-mail address or mobile number (or part of one). */
    q: queryText(),
    blocked: z.optional(z.enum(['true', 'false'], { error: 'blocked must be true or false' })),
    sort: z.optional(z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` })),
    page: queryInt('page', 1, 100_000),
    limit: queryInt('limit', 1, 100),
  }),
  response: z.object({
    customers: z.array(adminCustomerRow),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};

export const adminCustomer = z.object({
  customer: z.object({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    mobile: z.string(),
    isBlocked: z.boolean(),
    erasedAt: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  orderCount: z.number(),
  spent: z.number(),
  /** The newest 50. */
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      total: z.number(),
      status: z.enum(orderStatuses),
      itemCount: z.number(),
    }),
  ),
  /** The newest 50. */
  reviews: z.array(
    z.object({
      _id: z.string(),
      product: z.object({ _id: z.string(), title: z.string(), slug: z.string() }),
      star: z.number(),
      comment: z.string(),
      verifiedPurchase: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type ApiAdminCustomer = z.output<typeof adminCustomer>;

export const getAdminCustomer = { params: idParams('customer'), response: adminCustomer };

export const eraseCustomer = {
  params: idParams('customer'),
  body: z.object({
    reason: z
      .string({ error: 'Say why, e.g. the ticket number of the request' })
      .check(
        z.trim(),
        z.minLength(3, 'Say why, e.g. the ticket number of the request'),
        z.maxLength(200, 'Keep the reason under 200 characters'),
      ),
  }),
  response: messageAnswer,
};
