import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../client.js';
import { ADD_SYNTHETIC_VARIANTS } from './seed-variants.js';
import {
  planTopUp,
  type SyntheticProduct,
  type TopUpOptions,
  type TopUpResult,
} from './synthetic-catalogue.js';

/**
 * The synthetic top-up on PostgreSQL when it is large (decision 016, "Seeding a million"): the
 * same products as topUpSyntheticCatalogue, written with COPY instead of INSERT, into a table
 * whose secondary indexes, foreign keys and facet-count trigger are set aside for the load and
 * restored before it commits. Everything happens in one transaction, so a failure or a crash
 * leaves the catalogue, its indexes and its triggers as they were; other sessions wait on the
 * table's lock instead of seeing it without its indexes.
 *
 * What is set aside is read from the catalogue (pg_indexes, pg_constraint), never written here a
 * second time, so a migration that adds an index needs no change to this file. What the bypassed
 * facet trigger would have counted is rebuilt in one statement. The row trigger that derives
 * search_text and search_vector stays on: it is the definition of those columns (deriving them in
 * one INSERT from a staging table, each distinct description once, measured slower: 25.6 s
 * against 22.6 s at 100,000). synthetic-bulk-load.test.ts compares the end state with the insert
 * path's.
 */

/** Below this many products the plain inserts are fast enough and keep the indexes warm. */
export const BULK_LOAD_MIN_PRODUCTS = 50_000;

/** Products per COPY statement; their colours follow in a COPY of their own. */
const COPY_CHUNK = 50_000;
/** Rows joined into one string before it is handed to the stream. */
const ROWS_PER_WRITE = 500;

const BULK_TABLES = ['products', 'product_colors'] as const;
/** The trigger that counts products into product_facet_counts, statement by statement. */
const FACET_INSERT_TRIGGER = 'products_facet_counts_insert';
const FACET_UPDATE_TRIGGER = 'products_facet_counts_update';

export type BulkLoadOptions = TopUpOptions & {
  databaseUrl: string;
  /** Called with each phase's name and seconds, for the CLI's report. */
  onPhase?: (phase: string, seconds: number) => void;
};

export async function bulkLoadSyntheticCatalogue(
  db: Database,
  options: BulkLoadOptions,
): Promise<TopUpResult> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const phase = phaseTimer(options.onPhase);
  try {
    // Losing the last commit in an OS crash is harmless for a seed (run it again); the tables
    // stay logged, so a committed catalogue survives a crash.
    await client.query(`set synchronous_commit = off`);
    // Index builds sort in memory instead of in temporary files.
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('begin');
    // Taken first: nobody writes products while the catalogue is counted and its slugs read.
    await client.query('lock table products in share row exclusive mode');
    const plan = await planTopUp(db, options);
    if (!plan) {
      await client.query('rollback');
      return { added: 0, total: await countProducts(client) };
    }
    const existingSlugs = await readSlugs(client);
    phase('plan');
    const setAside = await setAsideIndexesAndKeys(client);
    await client.query(`alter table products disable trigger ${FACET_INSERT_TRIGGER}`);
    phase('drop indexes');

    const { generate } = plan;
    let added = 0;
    options.onProgress?.(0, plan.needed);
    while (added < plan.needed) {
      const count = Math.min(COPY_CHUNK, plan.needed - added);
      const links: ColorLink[] = [];
      // Generated as COPY asks for more, so the database parses one part while the next is made.
      function* products() {
        for (let made = 0; made < count; ) {
          const product = generate();
          // The insert path skips a product whose slug exists (ON CONFLICT DO NOTHING) and
          // carries on numbering; COPY has no ON CONFLICT, so the same products are skipped here.
          if (existingSlugs.has(product.row.slug)) continue;
          existingSlugs.add(product.row.slug);
          product.colorIds.forEach((colorId, position) => {
            links.push({ productId: product.row.id, colorId, position });
          });
          made++;
          yield product;
        }
      }
      await copyRows(client, PRODUCT_COPY, products(), productLine);
      await copyRows(client, COLOR_COPY, links.values(), colorLine);
      added += count;
      options.onProgress?.(added, plan.needed);
    }
    phase('copy');

    // Variants before the indexes come back: the trigger that sums them into each product's row
    // then rewrites rows with no index to update (48 s at 100,000 afterwards). The facet counts
    // are rebuilt from scratch below, so their trigger on updates waits too.
    await client.query(`alter table products disable trigger ${FACET_UPDATE_TRIGGER}`);
    for (const statement of ADD_SYNTHETIC_VARIANTS) await client.query(statement);
    await client.query(`alter table products enable trigger ${FACET_UPDATE_TRIGGER}`);
    phase('variants');
    await restore(client, setAside, phase);
    await client.query(`alter table products enable trigger ${FACET_INSERT_TRIGGER}`);
    await rebuildFacetCounts(client);
    phase('facet counts');
    await client.query('commit');
    phase('commit');
    return { added, total: plan.before + added };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

const PRODUCT_COPY = `copy products (id, slug, title, description, price_paise, mrp_paise, category_id, brand_id,
  tags, quantity, sold, images, created_at, updated_at, translations) from stdin`;
const COLOR_COPY = 'copy product_colors (product_id, color_id, position) from stdin';

/** One product as a line of COPY's text format, columns as in PRODUCT_COPY. */
function productLine({ row }: SyntheticProduct): string {
  const created = row.createdAt.toISOString();
  return [
    row.id,
    copyText(row.slug),
    copyText(row.title),
    copyText(row.description),
    row.pricePaise,
    row.mrpPaise ?? '\\N',
    row.categoryId,
    row.brandId,
    // Tags are plain lower-case words, so the array literal needs no quoting.
    `{${row.tags.join(',')}}`,
    row.quantity,
    row.sold,
    copyText(JSON.stringify(row.images)),
    created,
    created,
    copyText(JSON.stringify(row.translations)),
  ].join('\t');
}

type ColorLink = { productId: string; colorId: string; position: number };

function colorLine(link: ColorLink): string {
  return `${link.productId}\t${link.colorId}\t${link.position}`;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Escapes a value for COPY's text format: backslash, tab and line breaks. */
export function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!);
}

async function copyRows<T>(
  client: pg.Client,
  statement: string,
  rows: Iterator<T>,
  line: (row: T) => string,
) {
  function* lines() {
    let part: string[] = [];
    for (let next = rows.next(); !next.done; next = rows.next()) {
      part.push(line(next.value));
      if (part.length === ROWS_PER_WRITE) {
        yield `${part.join('\n')}\n`;
        part = [];
      }
    }
    if (part.length > 0) yield `${part.join('\n')}\n`;
  }
  await pipeline(Readable.from(lines()), client.query(copyFrom(statement)));
}

async function countProducts(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: number }>('select count(*)::int as n from products');
  return result.rows[0]!.n;
}

async function readSlugs(client: pg.Client): Promise<Set<string>> {
  const result = await client.query<{ slug: string }>('select slug from products');
  return new Set(result.rows.map((row) => row.slug));
}

type SetAside = {
  indexes: { name: string; definition: string }[];
  foreignKeys: { table: string; name: string; definition: string }[];
};

/**
 * Drops the loaded tables' indexes (all but primary keys, which other tables' foreign keys
 * depend on) and their foreign keys, and returns their definitions as PostgreSQL prints them.
 * Building an index once over a million rows is far cheaper than updating it row by row, and
 * checking a foreign key once (one join) cheaper than one lookup per row.
 */
async function setAsideIndexesAndKeys(client: pg.Client): Promise<SetAside> {
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any($1)
       and not exists (
         select 1 from pg_constraint c
         where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass and c.contype = 'p')
     order by i.tablename, i.indexname`,
    [BULK_TABLES],
  );
  const foreignKeys = await client.query<{ table: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
     from pg_constraint c
     where c.contype = 'f' and c.conrelid = any($1::regclass[])
     order by 1, 2`,
    [BULK_TABLES],
  );
  for (const key of foreignKeys.rows) {
    await client.query(`alter table ${key.table} drop constraint ${pg.escapeIdentifier(key.name)}`);
  }
  for (const index of indexes.rows) {
    await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  }
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

async function restore(client: pg.Client, setAside: SetAside, phase: (name: string) => void): Promise<void> {
  for (const index of setAside.indexes) {
    await client.query(index.definition);
  }
  phase('create indexes');
  for (const key of setAside.foreignKeys) {
    await client.query(
      `alter table ${key.table} add constraint ${pg.escapeIdentifier(key.name)} ${key.definition}`,
    );
  }
  phase('foreign keys');
}

/**
 * product_facet_counts from scratch, as the facet trigger keeps it (one row per key of the
 * products on sale, once compacted). Exact only while nobody else writes products: the caller
 * holds the table's lock.
 */
async function rebuildFacetCounts(client: pg.Client): Promise<void> {
  await client.query('delete from product_facet_counts');
  await client.query(
    `insert into product_facet_counts (category_id, brand_id, tags, in_stock, products)
     select category_id, brand_id, product_facet_tags(tags), quantity > 0, count(*)
     from products where archived_at is null group by 1, 2, 3, 4`,
  );
}

function phaseTimer(report: ((phase: string, seconds: number) => void) | undefined) {
  let last = performance.now();
  return (name: string) => {
    const now = performance.now();
    report?.(name, (now - last) / 1000);
    last = now;
  };
}
