import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mediaAssets } from '../../db/schema.js';

export type MediaAssetRow = typeof mediaAssets.$inferSelect;

export async function insertAssets(
  db: Executor,
  rows: (typeof mediaAssets.$inferInsert)[],
): Promise<MediaAssetRow[]> {
  if (rows.length === 0) return [];
  return db.insert(mediaAssets).values(rows).returning();
}

export async function findByPublicId(db: Executor, publicId: string): Promise<MediaAssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId)).limit(1);
  return row;
}

export async function deleteAsset(db: Executor, id: string): Promise<void> {
  await db.delete(mediaAssets).where(eq(mediaAssets.id, id));
}

/** Which of these public ids have a record. */
export async function knownPublicIds(db: Executor, publicIds: string[]): Promise<Set<string>> {
  if (publicIds.length === 0) return new Set();
  const rows = await db
    .select({ publicId: mediaAssets.publicId })
    .from(mediaAssets)
    .where(inArray(mediaAssets.publicId, publicIds));
  return new Set(rows.map((row) => row.publicId));
}
