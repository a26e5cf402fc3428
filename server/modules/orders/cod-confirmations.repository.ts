import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { codConfirmations, orders } from '../../db/schema.js';

export type CodConfirmationRow = typeof codConfirmations.$inferSelect;

export async function insertConfirmation(
  db: Executor,
  values: Omit<typeof codConfirmations.$inferInsert, 'attempts' | 'sends' | 'confirmedAt' | 'createdAt'>,
): Promise<void> {
  await db.insert(codConfirmations).values(values);
}

export async function findConfirmation(
  db: Executor,
  orderId: string,
): Promise<CodConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, orderId))
    .limit(1);
  return row;
}

/** Locks the confirmation (the caller already holds the order's lock, taken first). */
export async function lockConfirmation(
  db: Executor,
  orderId: string,
): Promise<CodConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, orderId))
    .limit(1)
    .for('update');
  return row;
}

export async function updateConfirmation(
  db: Executor,
  orderId: string,
  values: Partial<
    Pick<
      CodConfirmationRow,
      'codeHash' | 'codeExpiresAt' | 'attempts' | 'sends' | 'lastSentAt' | 'confirmedAt'
    >
  >,
): Promise<void> {
  await db.update(codConfirmations).set(values).where(eq(codConfirmations.orderId, orderId));
}

/** Unconfirmed cash-on-delivery orders whose time to confirm has passed, oldest first. */
export async function lapsedOrderIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(codConfirmations)
    .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
    .where(
      and(
        eq(orders.state, 'unconfirmed'),
        isNull(codConfirmations.confirmedAt),
        lt(codConfirmations.confirmBy, now),
      ),
    )
    .orderBy(asc(codConfirmations.confirmBy))
    .limit(limit);
  return rows.map((row) => row.id);
}
