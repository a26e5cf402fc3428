import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns every table spells the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export type ImageRef = {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  /** The upload's id (POST /api/upload), so the console can delete the files it made. */
  public_id?: string;
};
