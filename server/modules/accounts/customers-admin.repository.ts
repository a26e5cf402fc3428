import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from './accounts.repository.js';

export type CustomerSort = `${'createdAt' | 'name' | 'email'}:${'asc' | 'desc'}`;
export type CustomerFilters = { q?: string | undefined; blocked?: boolean | undefined };

/** `%` and `_` typed by staff are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Written exactly as the index on it (migration 0010), so searches by name can use it. */
export const fullName = sql`lower(${users.firstname} || ' ' || ${users.lastname})`;

/**
 * Part of a name, an e-mail address (stored lower case) or a mobile number (stored as its ten
 * digits: "+91 98450-12345" is searched as 9845012345). Each is a `like '%…%'` that the trigram
 * indexes answer at 100,000 customers.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text.toLowerCase())}%`;
  const digits = text.replace(/\D/g, '');
  const mobile = digits.length >= 3 ? sql` or ${users.mobile} like ${`%${digits.slice(-10)}%`}` : sql``;
  return sql`(${fullName} like ${like} or ${users.email} like ${like}${mobile})`;
}

function conditions(filters: CustomerFilters): SQL | undefined {
  return and(
    eq(users.role, 'user'),
    filters.blocked === undefined ? undefined : eq(users.isBlocked, filters.blocked),
    searchCondition(filters.q),
  );
}

function orderBy(sort: CustomerSort) {
  const direction = sort.endsWith(':asc') ? asc : desc;
  const key = sort.split(':')[0];
  if (key === 'name') return [direction(fullName), direction(users.id)];
  return [direction(key === 'email' ? users.email : users.createdAt), direction(users.id)];
}

export async function listCustomers(
  db: Executor,
  filters: CustomerFilters,
  sort: CustomerSort,
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(conditions(filters))
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset);
}

export async function countCustomers(db: Executor, filters: CustomerFilters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(conditions(filters));
  return Number(row?.n ?? 0);
}

/** The original admin client's list: every account in sign-up order, as its backend answered. */
export async function oldestCustomers(db: Executor, limit: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(limit);
}

export async function setCustomerBlocked(db: Executor, id: string, isBlocked: boolean): Promise<UserRow> {
  const [row] = await db.update(users).set({ isBlocked }).where(eq(users.id, id)).returning();
  return row!;
}
