import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { staff } from './staff.js';

/** Pictures uploaded from the console. */

/** Pictures uploaded from the console (POST /api/upload), so deletes touch only what we made. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: id(),
    // One safe path segment: the original admin client puts it unescaped into the delete URL.
    publicId: text('public_id').notNull(),
    // Storage keys of the sizes and formats written for it.
    files: text('files').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_assets_public_id_key').on(t.publicId)],
);
