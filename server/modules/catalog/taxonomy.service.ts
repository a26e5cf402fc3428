import {
  type ApiColor,
  type ApiTaxonomyRecord,
  type ApiTaxonomyTable,
  TAXONOMY_LIST_MAX,
  TAXONOMY_TABLE_PAGE,
  type TaxonomyTableQuery,
} from '../../../shared/api/taxonomy.schemas.js';
import { formatGstRate } from '../../../shared/gst.js';
import { bpToRate, rateToBp } from '../../../shared/schemas/gst-fields.js';
import type { Executor } from '../../db/client.js';
import type { SizeChart } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import { sameTranslations } from '../../lib/translations.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import * as repository from './taxonomy.repository.js';
import {
  presentTaxonomyTranslations,
  type TaxonomyAnswerTranslations,
  type TaxonomyTranslationsWrite,
  taxonomyTranslations,
} from './taxonomy-translations.js';

type Kind = repository.CatalogTaxonomy;

/** How each taxonomy is named to people, in messages and the audit trail. */
const words: Record<Kind, { one: string; title: string; entity: string }> = {
  brand: { one: 'brand', title: 'Brand', entity: 'brand' },
  category: { one: 'category', title: 'Category', entity: 'category' },
  color: { one: 'colour', title: 'Colour', entity: 'color' },
};

export function presentTaxonomy(row: repository.TaxonomyRow): ApiTaxonomyRecord {
  return {
    _id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A brand, category or colour as the API answers it, with its translations: typed so one answer
 * fits every kind's schema (the colour endpoints narrow it to ApiColor).
 */
type TaxonomyAnswer = ApiTaxonomyRecord & { name?: string; translations: TaxonomyAnswerTranslations };

/** A category's GST defaults as the API answers them. */
const categoryTax = (row: repository.TaxonomyRow) => ({
  hsnCode: row.hsnCode ?? null,
  gstRate: bpToRate(row.gstRateBp ?? null),
  sizeChart: row.sizeChart ?? null,
});

function present(kind: Kind, row: repository.TaxonomyRow): TaxonomyAnswer {
  const translations = presentTaxonomyTranslations(kind, row);
  if (kind === 'color') return { ...presentTaxonomy(row), name: row.name ?? row.title, translations };
  return kind === 'category'
    ? { ...presentTaxonomy(row), ...categoryTax(row), translations }
    : { ...presentTaxonomy(row), translations };
}

/** "HSN 8517, 18%", "no HSN code, no rate": a category's GST defaults in the audit trail. */
function taxLabel(row: repository.TaxonomyRow): string {
  const hsn = row.hsnCode ? `HSN ${row.hsnCode}` : 'no HSN code';
  const rate =
    row.gstRateBp === null || row.gstRateBp === undefined ? 'no rate' : formatGstRate(row.gstRateBp);
  return `${hsn}, ${rate}`;
}

/** "Graphite (#1f2937)" for a colour with a name, its title otherwise. */
function label(kind: Kind, row: repository.TaxonomyRow): string {
  return kind === 'color' && row.name && row.name !== row.title ? `${row.name} (${row.title})` : row.title;
}

/**
 * Where a delete was refused by a foreign key (23503, or 23001 for ON DELETE RESTRICT): the
 * referencing table named in the error's detail, or null for any other error.
 */
function referencedFrom(error: unknown): string | null {
  const e = error as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
  const cause = e.code ? e : e.cause;
  if (cause?.code !== '23503' && cause?.code !== '23001') return null;
  return /from table "(\w+)"/.exec(cause.detail ?? '')?.[1] ?? 'another table';
}

export type TaxonomyInput = {
  title: string;
  name?: string | undefined;
  /** Categories: absent leaves them as they are, null clears them. */
  hsnCode?: string | null | undefined;
  /** Percent. */
  gstRate?: number | null | undefined;
  sizeChart?: SizeChart | null | undefined;
  /** Absent: left as they are (translations.schemas.ts says what null and empty do). */
  translations?: TaxonomyTranslationsWrite;
};

/** The GST defaults a category write sets (nothing for brands and colours). */
function taxValues(kind: Kind, input: TaxonomyInput) {
  if (kind !== 'category') return {};
  return {
    ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
    ...(input.gstRate !== undefined ? { gstRateBp: rateToBp(input.gstRate) } : {}),
    ...(input.sizeChart !== undefined ? { sizeChart: input.sizeChart } : {}),
  };
}

/**
 * Brands, product categories and colours (the catalogue's tables; blog categories are the blog
 * module's). Titles are unique ignoring case; a record in use cannot be deleted; every write is
 * audited in its transaction and clears the storefront's catalogue cache, which shows them.
 */
export class TaxonomyService {
  private readonly db: ServiceDeps['db'];
  private readonly catalog: ServiceDeps['catalog'];

  constructor({ db, catalog }: Pick<ServiceDeps, 'db' | 'catalog'>) {
    this.db = db;
    this.catalog = catalog;
  }

  private async requireRow(executor: Executor, kind: Kind, id: string) {
    const row = await repository.findById(executor, kind, id);
    if (!row) throw notFound(`That ${words[kind].one} does not exist (it may have been deleted).`);
    return row;
  }

  private async refuseClash(executor: Executor, kind: Kind, title: string, exceptId?: string) {
    const clash = await repository.findTitleClash(executor, kind, title, exceptId);
    if (clash) throw conflict(`A ${words[kind].one} called "${clash.title}" already exists.`);
  }

  /** The contract's list: every record, A to Z. */
  async list(kind: Kind): Promise<TaxonomyAnswer[]> {
    const rows = await repository.listAll(this.db, kind, TAXONOMY_LIST_MAX);
    return rows.map((row) => present(kind, row));
  }

  async get(kind: Kind, id: string): Promise<TaxonomyAnswer> {
    return present(kind, await this.requireRow(this.db, kind, id));
  }

  async create(actor: AuditActor, kind: Kind, input: TaxonomyInput): Promise<TaxonomyAnswer> {
    const created = await this.db.transaction(async (tx) => {
      await repository.lockTaxonomy(tx, kind);
      await this.refuseClash(tx, kind, input.title);
      let slug: string | undefined;
      if (kind !== 'color') {
        const base = toSlug(input.title, kind);
        slug = freeSlug(base, await repository.slugsLike(tx, kind, base));
      }
      const row = await repository.insert(tx, kind, {
        title: input.title,
        ...(slug ? { slug } : {}),
        ...(kind === 'color' ? { name: input.name || input.title } : {}),
        ...taxValues(kind, input),
        translations: taxonomyTranslations(kind, input, undefined),
      });
      const after = present(kind, row);
      await recordAudit(tx, actor, {
        action: `${words[kind].entity}.create`,
        entityType: words[kind].entity,
        entityId: row.id,
        summary: `Added the ${words[kind].one} ${label(kind, row)}${kind === 'category' && (row.hsnCode || row.gstRateBp !== null) ? ` (GST: ${taxLabel(row)})` : ''}`,
        after,
      });
      return after;
    });
    this.catalog.invalidate();
    return created;
  }

  async update(actor: AuditActor, kind: Kind, id: string, input: TaxonomyInput): Promise<TaxonomyAnswer> {
    const updated = await this.db.transaction(async (tx) => {
      await repository.lockTaxonomy(tx, kind);
      const before = await this.requireRow(tx, kind, id);
      await this.refuseClash(tx, kind, input.title, id);
      let slug: string | undefined;
      if (kind !== 'color' && before.title !== input.title) {
        const base = toSlug(input.title, kind);
        slug = freeSlug(base, await repository.slugsLike(tx, kind, base, id));
      }
      const row = await repository.update(tx, kind, id, {
        title: input.title,
        ...(slug ? { slug } : {}),
        // A colour named after its old hex value follows the new one unless a name is given.
        ...(kind === 'color'
          ? {
              name: input.name || (before.name === before.title ? input.title : (before.name ?? input.title)),
            }
          : {}),
        ...taxValues(kind, input),
        translations: taxonomyTranslations(kind, input, before),
      });
      if (!row) throw notFound(`That ${words[kind].one} does not exist (it may have been deleted).`);
      const after = present(kind, row);
      await recordAudit(tx, actor, {
        action: `${words[kind].entity}.update`,
        entityType: words[kind].entity,
        entityId: id,
        summary:
          [
            label(kind, before) === label(kind, row)
              ? null
              : `Renamed the ${words[kind].one} ${label(kind, before)} to ${label(kind, row)}`,
            kind === 'category' && taxLabel(before) !== taxLabel(row)
              ? `Changed the GST of the category ${row.title} from ${taxLabel(before)} to ${taxLabel(row)}`
              : null,
            sameTranslations(before.translations, row.translations)
              ? null
              : `Changed the translations of the ${words[kind].one} ${label(kind, row)}`,
          ]
            .filter(Boolean)
            .join('; ') || `Saved the ${words[kind].one} ${label(kind, row)} unchanged`,
        before: present(kind, before),
        after,
      });
      return after;
    });
    this.catalog.invalidate();
    return updated;
  }

  async remove(actor: AuditActor, kind: Kind, id: string): Promise<TaxonomyAnswer> {
    try {
      const deleted = await this.db.transaction(async (tx) => {
        await repository.lockTaxonomy(tx, kind);
        const before = await this.requireRow(tx, kind, id);
        const used = await repository.usage(tx, kind, id);
        if (used.total > 0) throw conflict(inUseMessage(kind, before, used));
        const row = await repository.remove(tx, kind, id);
        if (!row) throw notFound(`That ${words[kind].one} does not exist (it may have been deleted).`);
        const gone = present(kind, row);
        await recordAudit(tx, actor, {
          action: `${words[kind].entity}.delete`,
          entityType: words[kind].entity,
          entityId: id,
          summary: `Deleted the ${words[kind].one} ${label(kind, row)}`,
          before: gone,
        });
        return gone;
      });
      this.catalog.invalidate();
      return deleted;
    } catch (error) {
      // No product uses it, but a colour also lives on in past orders and shoppers' carts.
      const table = referencedFrom(error);
      if (table) {
        const where =
          table === 'order_lines'
            ? 'past orders'
            : table === 'cart_lines'
              ? "shoppers' carts"
              : table === 'stock_holds'
                ? 'checkouts in progress'
                : 'other records';
        throw conflict(`The ${words[kind].one} is still part of ${where}, so it cannot be deleted.`);
      }
      throw error;
    }
  }

  /** The console's table of one taxonomy. */
  async table(kind: Kind, query: TaxonomyTableQuery): Promise<ApiTaxonomyTable> {
    const page = query.page ?? 1;
    const { rows, total } = await repository.tablePage(this.db, kind, {
      q: query.q ?? '',
      sort: query.sort ?? 'title:asc',
      limit: TAXONOMY_TABLE_PAGE,
      offset: (page - 1) * TAXONOMY_TABLE_PAGE,
    });
    return {
      items: rows.map((row) => ({
        ...presentTaxonomy(row),
        ...(kind === 'color' ? { name: row.name ?? row.title } : {}),
        ...(kind === 'category' ? { ...categoryTax(row), sizeChart: row.sizeChart ?? null } : {}),
        translations: presentTaxonomyTranslations(kind, row),
        used: row.used,
      })),
      total,
      page,
      pageSize: TAXONOMY_TABLE_PAGE,
    };
  }

  // Colours answer their name as well: the same operations, typed for their schema.
  listColors(): Promise<ApiColor[]> {
    return this.list('color') as Promise<ApiColor[]>;
  }

  getColor(id: string): Promise<ApiColor> {
    return this.get('color', id) as Promise<ApiColor>;
  }

  createColor(actor: AuditActor, input: TaxonomyInput): Promise<ApiColor> {
    return this.create(actor, 'color', input) as Promise<ApiColor>;
  }

  updateColor(actor: AuditActor, id: string, input: TaxonomyInput): Promise<ApiColor> {
    return this.update(actor, 'color', id, input) as Promise<ApiColor>;
  }

  removeColor(actor: AuditActor, id: string): Promise<ApiColor> {
    return this.remove(actor, 'color', id) as Promise<ApiColor>;
  }
}

export function createTaxonomyService(deps: ServiceDeps): TaxonomyService {
  return new TaxonomyService(deps);
}

/** "12 products use the brand Samsung (3 of them archived): move them to another brand first." */
function inUseMessage(kind: Kind, row: repository.TaxonomyRow, used: { total: number; archived: number }) {
  const products = used.total === 1 ? '1 product' : `${used.total} products`;
  const archived =
    used.archived === 0
      ? ''
      : used.archived === used.total
        ? used.total === 1
          ? ' (archived; it keeps its history)'
          : ' (all archived; they keep their history)'
        : ` (${used.archived} of them archived, which keep their history)`;
  const them = used.total === 1 ? 'it' : 'them';
  if (kind === 'color') {
    return `${products} ${used.total === 1 ? 'comes' : 'come'} in the colour ${label(kind, row)}${archived}: remove the colour from ${them} first.`;
  }
  return `${products} ${used.total === 1 ? 'uses' : 'use'} the ${words[kind].one} ${row.title}${archived}: move ${them} to another ${words[kind].one} first.`;
}
