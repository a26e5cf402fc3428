import {
  type ApiTaxonomyRecord,
  type ApiTaxonomyTable,
  TAXONOMY_LIST_MAX,
  TAXONOMY_TABLE_PAGE,
  type TaxonomyTableQuery,
} from '../../../shared/api/taxonomy.schemas.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import * as repository from './blog-admin.repository.js';

const CATEGORY_NOT_FOUND = 'That blog category does not exist (it may have been deleted).';

function presentCategory(row: repository.BlogCategoryRow): ApiTaxonomyRecord {
  return {
    _id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The console's side of the blog: blog categories (the original admin's `blogcategory/`) and
 * posts. Posts keep their category's title, so renaming a category renames it on its posts in the
 * same transaction, and a category with posts cannot be deleted. Every write is audited.
 */
export function createBlogAdminService(deps: ServiceDeps) {
  const { db } = deps;

  async function requireCategory(executor: Executor, id: string) {
    const row = await repository.findCategory(executor, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row;
  }

  async function refuseCategoryClash(executor: Executor, title: string, exceptId?: string) {
    const clash = await repository.findCategoryByTitle(executor, title, exceptId);
    if (clash) throw conflict(`A blog category called "${clash.title}" already exists.`);
  }

  return {
    async listCategories(): Promise<ApiTaxonomyRecord[]> {
      const rows = await repository.listCategories(db, TAXONOMY_LIST_MAX);
      return rows.map(presentCategory);
    },

    async getCategory(id: string): Promise<ApiTaxonomyRecord> {
      return presentCategory(await requireCategory(db, id));
    },

    async createCategory(actor: AuditActor, input: { title: string }): Promise<ApiTaxonomyRecord> {
      return db.transaction(async (tx) => {
        await repository.lockBlogCategories(tx);
        await refuseCategoryClash(tx, input.title);
        const row = await repository.insertCategory(tx, input.title);
        const after = presentCategory(row);
        await recordAudit(tx, actor, {
          action: 'blog_category.create',
          entityType: 'blog_category',
          entityId: row.id,
          summary: `Added the blog category ${row.title}`,
          after,
        });
        return after;
      });
    },

    async updateCategory(
      actor: AuditActor,
      id: string,
      input: { title: string },
    ): Promise<ApiTaxonomyRecord> {
      return db.transaction(async (tx) => {
        await repository.lockBlogCategories(tx);
        const before = await requireCategory(tx, id);
        await refuseCategoryClash(tx, input.title, id);
        const row = await repository.renameCategory(tx, id, input.title);
        if (!row) throw notFound(CATEGORY_NOT_FOUND);
        // Posts refer to their category by title (as the original API answers it): carry the rename.
        const posts =
          before.title === row.title
            ? 0
            : await repository.renameCategoryOnBlogs(tx, before.title, row.title);
        const after = presentCategory(row);
        await recordAudit(tx, actor, {
          action: 'blog_category.update',
          entityType: 'blog_category',
          entityId: id,
          summary:
            before.title === row.title
              ? `Saved the blog category ${row.title} unchanged`
              : `Renamed the blog category ${before.title} to ${row.title}` +
                (posts ? ` (and on ${posts === 1 ? '1 post' : `${posts} posts`})` : ''),
          before: presentCategory(before),
          after: { ...after, postsRenamed: posts },
        });
        return after;
      });
    },

    async removeCategory(actor: AuditActor, id: string): Promise<ApiTaxonomyRecord> {
      return db.transaction(async (tx) => {
        await repository.lockBlogCategories(tx);
        const before = await requireCategory(tx, id);
        const posts = await repository.countBlogsInCategory(tx, before.title);
        if (posts > 0) {
          throw conflict(
            `${posts === 1 ? '1 blog post is' : `${posts} blog posts are`} in the category ${before.title}: ` +
              `move ${posts === 1 ? 'it' : 'them'} to another category first.`,
          );
        }
        const row = await repository.deleteCategory(tx, id);
        if (!row) throw notFound(CATEGORY_NOT_FOUND);
        const gone = presentCategory(row);
        await recordAudit(tx, actor, {
          action: 'blog_category.delete',
          entityType: 'blog_category',
          entityId: id,
          summary: `Deleted the blog category ${row.title}`,
          before: gone,
        });
        return gone;
      });
    },

    async categoriesTable(query: TaxonomyTableQuery): Promise<ApiTaxonomyTable> {
      const page = query.page ?? 1;
      const { rows, total } = await repository.categoriesPage(db, {
        q: query.q ?? '',
        sort: query.sort ?? 'title',
        limit: TAXONOMY_TABLE_PAGE,
        offset: (page - 1) * TAXONOMY_TABLE_PAGE,
      });
      return {
        items: rows.map((row) => ({ ...presentCategory(row), used: row.used })),
        total,
        page,
        pageSize: TAXONOMY_TABLE_PAGE,
      };
    },
  };
}

export type BlogAdminService = ReturnType<typeof createBlogAdminService>;
