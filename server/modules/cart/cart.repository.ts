import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cartLines, colors } from '../../db/schema.js';

export type CartLineRow = typeof cartLines.$inferSelect;

/**
 * Adds to the line for this variant, creating it if needed, in one statement so two
 * simultaneous adds keep one line. Returns nothing when the merged quantity would exceed `max`.
 */
export async function addToLine(
  db: Executor,
  line: {
    userId: string;
    productId: string;
    variantId: string;
    colorId: string;
    quantity: number;
    pricePaise: number;
  },
  max: number,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .insert(cartLines)
    .values(line)
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.variantId, cartLines.colorId],
      set: {
        quantity: sql`${cartLines.quantity} + excluded.quantity`,
        pricePaise: sql`excluded.price_paise`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${max}`,
    })
    .returning();
  return row;
}

export async function findLine(
  db: Executor,
  userId: string,
  lineId: string,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .limit(1);
  return row;
}

export async function setLineQuantity(
  db: Executor,
  userId: string,
  lineId: string,
  quantity: number,
  pricePaise: number,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .update(cartLines)
    .set({ quantity, pricePaise })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning();
  return row;
}

export async function deleteLine(db: Executor, userId: string, lineId: string): Promise<boolean> {
  const rows = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  return rows.length > 0;
}

export async function deleteAllLines(db: Executor, userId: string): Promise<number> {
  const rows = await db.delete(cartLines).where(eq(cartLines.userId, userId)).returning({ id: cartLines.id });
  return rows.length;
}

/** Deletes the customer's lines for these variants in these colours. */
export async function deleteLinesOf(
  db: Executor,
  userId: string,
  lines: readonly { variantId: string; colorId: string }[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        sql`(${cartLines.variantId}, ${cartLines.colorId}) in (${sql.join(
          lines.map((line) => sql`(${line.variantId}::uuid, ${line.colorId}::uuid)`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: cartLines.id });
  return rows.length;
}

export type CartLineWithColor = CartLineRow & {
  colorTitle: string;
  colorName: string;
  colorTranslations: (typeof colors.$inferSelect)['translations'];
};

export async function linesOf(db: Executor, userId: string): Promise<CartLineWithColor[]> {
  return db
    .select({
      id: cartLines.id,
      userId: cartLines.userId,
      productId: cartLines.productId,
      variantId: cartLines.variantId,
      colorId: cartLines.colorId,
      quantity: cartLines.quantity,
      pricePaise: cartLines.pricePaise,
      createdAt: cartLines.createdAt,
      updatedAt: cartLines.updatedAt,
      colorTitle: colors.title,
      colorName: colors.name,
      colorTranslations: colors.translations,
    })
    .from(cartLines)
    .innerJoin(colors, eq(colors.id, cartLines.colorId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}
