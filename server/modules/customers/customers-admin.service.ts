import type { ApiMessage } from '../../../shared/api/accounts.schemas.js';
import {
  type ApiAdminCustomer,
  type ApiAdminCustomerRow,
  CUSTOMER_LIST_MAX,
} from '../../../shared/api/customers-admin.schemas.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/orders-admin.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import {
  type CustomerFilters,
  type CustomerSort,
  countCustomers,
  findUserById,
  listCustomers,
  lockUser,
  oldestCustomers,
  revokeAllSessions,
  setCustomerBlocked,
  type UserRow,
} from '../accounts/index.js';
import { type AuditActor, recordAudit, recordBulkRead } from '../audit/index.js';
import { purchaseSummaries, recentOrdersOf } from '../orders/index.js';
import { reviewsOfCustomer } from '../reviews/index.js';

const CUSTOMER_NOT_FOUND = 'There is no customer with that id.';
const CUSTOMER_ERASED = 'This customer deleted their account: there is nobody to block or unblock.';
/** The customer page shows this many of their newest orders and reviews. */
const CUSTOMER_PAGE_ITEMS = 50;

const fullName = (user: UserRow) => `${user.firstname} ${user.lastname}`.trim();

export type ListCustomersQuery = {
  q?: string | undefined;
  blocked?: 'true' | 'false' | undefined;
  sort?: CustomerSort | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

/**
 * Customers for staff. Blocking ends every session of the customer in the same transaction (the
 * next request with their token is a 401, and signing in again a 403 with the reason), and each
 * view of a customer's page, and each list or search of customers, is recorded: it is personal data.
 */
export function createCustomersAdminService(deps: ServiceDeps) {
  const { db } = deps;
  const now = () => new Date();

  async function setBlocked(actor: AuditActor, id: string, blocked: boolean): Promise<ApiMessage> {
    await db.transaction(async (tx) => {
      const user = await lockUser(tx, id);
      if (!user) throw notFound(CUSTOMER_NOT_FOUND);
      // Nobody can sign in to an erased account; blocking it would say nothing.
      if (user.erasedAt) throw conflict(CUSTOMER_ERASED);
      const updated = user.isBlocked === blocked ? user : await setCustomerBlocked(tx, id, blocked);
      // Again on a repeated block: a session started in between (there can be none, but cheap) ends too.
      if (blocked) await revokeAllSessions(tx, id, now());
      await recordAudit(tx, actor, {
        action: blocked ? 'customer.block' : 'customer.unblock',
        entityType: 'customer',
        entityId: id,
        summary:
          user.isBlocked === blocked
            ? `${blocked ? 'Blocked' : 'Unblocked'} ${fullName(user)} (${user.email}) again (no change)`
            : `${blocked ? 'Blocked' : 'Unblocked'} ${fullName(user)} (${user.email})`,
        before: { isBlocked: user.isBlocked },
        after: { isBlocked: updated.isBlocked },
      });
    });
    // The original backend's words, which its admin client expects.
    return { message: blocked ? 'User Blocked' : 'User UnBlocked' };
  }

  return {
    /** GET user/all-users: up to 10,000 accounts, only the fields the admin client reads. Recorded. */
    async legacyList(actor: AuditActor) {
      const rows = await oldestCustomers(db, CUSTOMER_LIST_MAX);
      await recordBulkRead(db, actor, {
        action: 'customer.list',
        entityType: 'customer',
        source: 'every customer (the original admin client, GET /api/user/all-users)',
        query: {},
        rows: rows.length,
      });
      return rows.map((user) => ({
        _id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        mobile: user.mobile,
        role: user.role,
        isBlocked: user.isBlocked,
        createdAt: user.createdAt.toISOString(),
      }));
    },

    block: (actor: AuditActor, id: string) => setBlocked(actor, id, true),
    unblock: (actor: AuditActor, id: string) => setBlocked(actor, id, false),

    /** The console's customer table and its search. Recorded as `customer.list` with the query. */
    async list(actor: AuditActor, query: ListCustomersQuery) {
      const page = query.page ?? 1;
      const pageSize = query.limit ?? ADMIN_PAGE_SIZE;
      const filters: CustomerFilters = {
        q: query.q || undefined,
        blocked: query.blocked === undefined ? undefined : query.blocked === 'true',
      };
      const [rows, total] = await Promise.all([
        listCustomers(db, filters, query.sort ?? 'createdAt:desc', (page - 1) * pageSize, pageSize),
        countCustomers(db, filters),
      ]);
      const summaries = await purchaseSummaries(
        db,
        rows.map((row) => row.id),
      );
      await recordBulkRead(db, actor, {
        action: 'customer.list',
        entityType: 'customer',
        source: 'the customer list',
        query: { search: filters.q, blocked: query.blocked, sort: query.sort, page, pageSize },
        rows: rows.length,
        total,
      });
      const customers: ApiAdminCustomerRow[] = rows.map((user) => ({
        _id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        mobile: user.mobile,
        isBlocked: user.isBlocked,
        erasedAt: user.erasedAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        orderCount: summaries.get(user.id)?.orders ?? 0,
        spent: paiseToRupees(summaries.get(user.id)?.spentPaise ?? 0),
      }));
      return { customers, total, page, pageSize };
    },

    /** The customer page. Recorded as `customer.view`: who looked at whose personal data, when. */
    async get(actor: AuditActor, id: string): Promise<ApiAdminCustomer> {
      const user = await findUserById(db, id);
      if (!user) throw notFound(CUSTOMER_NOT_FOUND);
      const [summaries, orders, reviews] = await Promise.all([
        purchaseSummaries(db, [id]),
        recentOrdersOf(db, id, CUSTOMER_PAGE_ITEMS),
        reviewsOfCustomer(db, id, CUSTOMER_PAGE_ITEMS),
      ]);
      await recordAudit(db, actor, {
        action: 'customer.view',
        entityType: 'customer',
        entityId: id,
        summary: `Viewed ${fullName(user)} (${user.email})`,
      });
      return {
        customer: {
          _id: user.id,
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          mobile: user.mobile,
          isBlocked: user.isBlocked,
          erasedAt: user.erasedAt?.toISOString() ?? null,
          createdAt: user.createdAt.toISOString(),
          updatedAt: user.updatedAt.toISOString(),
        },
        orderCount: summaries.get(id)?.orders ?? 0,
        spent: paiseToRupees(summaries.get(id)?.spentPaise ?? 0),
        orders: orders.map((order) => ({
          _id: order.id,
          orderNumber: order.orderNumber,
          createdAt: order.createdAt.toISOString(),
          total: paiseToRupees(order.totalPaise),
          status: order.status,
          itemCount: order.itemCount,
        })),
        reviews: reviews.map((review) => ({
          _id: review.id,
          product: { _id: review.productId, title: review.productTitle, slug: review.productSlug },
          star: review.star,
          comment: review.comment,
          verifiedPurchase: review.verifiedPurchase,
          createdAt: review.createdAt.toISOString(),
          updatedAt: review.updatedAt.toISOString(),
        })),
      };
    },
  };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
