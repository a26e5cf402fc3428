import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  type ImageRef,
  id,
  type ProductTranslation,
  translationsColumn,
  updatedAt,
} from './columns.js';

/** Blog posts and their categories. */

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    // Sanitized HTML.
    description: text('description').notNull(),
    translations: translationsColumn<ProductTranslation>(),
    category: text('category').notNull().default('General'),
    author: text('author').notNull().default('Team'),
    images: jsonb('images').$type<ImageRef[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blogs_slug_key').on(t.slug), index('blogs_created_at_idx').on(t.createdAt)],
);

/** Blog categories (the console's list to pick from); blogs keep the category's title. */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: id(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_categories_title_key').on(t.title)],
);
