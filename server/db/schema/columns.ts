import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { defaultLocale, type Locale, locales } from '../../../shared/locales.js';

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

/**
 * A row's text in the shop's other languages, by language code (`{ "hi": { "title": "..." } }`).
 * English stays in the row's own columns; a language or a field left out falls back to English, so
 * adding a language needs no migration.
 */
export type Translations<T> = Partial<Record<string, Partial<T>>>;
export type NameTranslation = { title: string };
/** A colour's `name` (its `title` is a CSS value, the same in every language). */
export type ColorTranslation = { name: string };
export type ProductTranslation = { title: string; description: string };
/** A category's name and its size chart's headings and cells in another language. */
export type CategoryTranslation = { title: string; sizeChart: { columns: string[]; rows: string[][] } };

export const translationsColumn = <T>() =>
  jsonb('translations').$type<Translations<T>>().notNull().default(sql`'{}'::jsonb`);

/**
 * The language someone is written to in (`shared/locales.ts`): a customer's account, a contact
 * message or ticket. English unless chosen.
 */
export const languageColumn = () => text('language').$type<Locale>().notNull().default(defaultLocale);

/**
 * Only the shop's languages. Built from `locales`, so adding one there and running
 * `drizzle-kit generate` widens the check; nothing else changes.
 */
export const languageCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (${sql.raw(locales.map((code) => `'${code}'`).join(', '))})`);
