import type { ApiBlog } from '../../../shared/api/blog.schemas.js';
import {
  type ApiBlogRow,
  BLOG_TABLE_PAGE,
  type BlogBody,
  type BlogImageInput,
  type BlogTableQuery,
} from '../../../shared/api/blog-admin.schemas.js';
import {
  type ApiTaxonomyRecord,
  type ApiTaxonomyTable,
  TAXONOMY_LIST_MAX,
  TAXONOMY_TABLE_PAGE,
  type TaxonomyTableQuery,
} from '../../../shared/api/taxonomy.schemas.js';
import type { Executor } from '../../db/client.js';
import type { ImageRef } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import {
  keepRichText,
  keepText,
  mergeTranslations,
  missingLanguages,
  sameTranslations,
} from '../../lib/translations.js';
import type { ServiceDeps } from '../../service-deps.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { presentBlog } from './blog.service.js';
import * as repository from './blog-admin.repository.js';

const CATEGORY_NOT_FOUND = 'That blog category does not exist (it may have been deleted).';
const BLOG_NOT_FOUND = 'That blog post does not exist (it may have been deleted).';

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
export class BlogAdminService {
  private readonly db: ServiceDeps['db'];

  constructor(private readonly deps: ServiceDeps) {
    this.db = deps.db;
  }

  private async requireCategory(executor: Executor, id: string) {
    const row = await repository.findCategory(executor, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row;
  }

  private async refuseCategoryClash(executor: Executor, title: string, exceptId?: string) {
    const clash = await repository.findCategoryByTitle(executor, title, exceptId);
    if (clash) throw conflict(`A blog category called "${clash.title}" already exists.`);
  }

  /**
   * Pictures are kept as paths on this server where they are ours (`/media/...`), so a later
   * MEDIA_URL (a CDN) serves old posts too; anything else stays as sent.
   */
  private storedImages(images: BlogImageInput[]): ImageRef[] {
    const { mediaUrl, publicUrl } = this.deps.config;
    return images.map((image) => {
      let url = image.url;
      if (url.startsWith(`${mediaUrl}/`)) url = `/media/${url.slice(mediaUrl.length + 1)}`;
      else if (url.startsWith(`${publicUrl}/`)) url = url.slice(publicUrl.length);
      return {
        url,
        ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
        ...(image.alt ? { alt: image.alt } : {}),
        ...(image.public_id ? { public_id: image.public_id } : {}),
      };
    });
  }

  /**
   * The post's fields as stored: sanitised body (and translated bodies), the category's own
   * spelling; translations the body leaves out stay as `before` has them.
   */
  private async blogValues(executor: Executor, body: BlogBody, before?: repository.BlogRow) {
    const category = await repository.findCategoryByTitle(executor, body.category);
    if (!category) {
      throw badRequest(
        `There is no blog category called "${body.category}": add it first or choose another.`,
        {
          category: 'Choose one of the blog categories',
        },
      );
    }
    const description = sanitizeRichText(body.description).trim();
    if (!description) throw badRequest('Write the post', { description: 'Write the post' });
    const translations = mergeTranslations(before?.translations, body.translations, {
      title: keepText,
      description: keepRichText,
    });
    return { title: body.title, description, category: category.title, translations };
  }

  private async requireBlog(executor: Executor, id: string) {
    const row = await repository.findBlogById(executor, id);
    if (!row) throw notFound(BLOG_NOT_FOUND);
    return row;
  }

  private present(row: repository.BlogRow) {
    return presentBlog(row, this.deps.imageUrls);
  }

  /** `author`: the staff member's name (the route reads it from their profile). */
  async createBlog(actor: AuditActor, author: string, body: BlogBody): Promise<{ newBlog: ApiBlog }> {
    return this.db.transaction(async (tx) => {
      const values = await this.blogValues(tx, body);
      // One writer at a time picks a slug, so two posts with one title get -2 rather than a 409.
      await repository.lockBlogSlugs(tx);
      const base = toSlug(body.title, 'post');
      const slug = freeSlug(base, await repository.blogSlugsLike(tx, base));
      const images = Array.isArray(body.images) ? this.storedImages(body.images) : [];
      const row = await repository.insertBlog(tx, { ...values, images, slug, author });
      const newBlog = this.present(row);
      await recordAudit(tx, actor, {
        action: 'blog.create',
        entityType: 'blog',
        entityId: row.id,
        summary: `Wrote the blog post "${row.title}" in ${row.category}`,
        after: newBlog,
      });
      return { newBlog };
    });
  }

  async updateBlog(actor: AuditActor, id: string, body: BlogBody): Promise<{ updateBlog: ApiBlog }> {
    return this.db.transaction(async (tx) => {
      const before = await this.requireBlog(tx, id);
      const values = await this.blogValues(tx, body, before);
      // The original client sends "" or [] when its pictures were not touched: keep them then.
      const images =
        Array.isArray(body.images) && body.images.length > 0
          ? this.storedImages(body.images)
          : body.clearImages
            ? []
            : undefined;
      const row = await repository.updateBlog(tx, id, { ...values, ...(images ? { images } : {}) });
      if (!row) throw notFound(BLOG_NOT_FOUND);
      const updateBlog = this.present(row);
      const changed: string[] = (['title', 'description', 'category'] as const).filter(
        (key) => before[key] !== row[key],
      );
      if (JSON.stringify(before.images) !== JSON.stringify(row.images)) changed.push('images');
      if (!sameTranslations(before.translations, row.translations)) changed.push('translations');
      await recordAudit(tx, actor, {
        action: 'blog.update',
        entityType: 'blog',
        entityId: id,
        summary: changed.length
          ? `Edited the blog post "${row.title}" (${changed.map((key) => (key === 'description' ? 'text' : key === 'images' ? 'pictures' : key)).join(', ')})`
          : `Saved the blog post "${row.title}" unchanged`,
        before: this.present(before),
        after: updateBlog,
      });
      return { updateBlog };
    });
  }

  async deleteBlog(actor: AuditActor, id: string): Promise<{ deletedBlog: ApiBlog }> {
    return this.db.transaction(async (tx) => {
      const row = await repository.deleteBlog(tx, id);
      if (!row) throw notFound(BLOG_NOT_FOUND);
      const deletedBlog = this.present(row);
      await recordAudit(tx, actor, {
        action: 'blog.delete',
        entityType: 'blog',
        entityId: id,
        summary: `Deleted the blog post "${row.title}"`,
        before: deletedBlog,
      });
      return { deletedBlog };
    });
  }

  async blogsTable(query: BlogTableQuery) {
    const page = query.page ?? 1;
    const { rows, total } = await repository.blogsPage(this.db, {
      q: query.q ?? '',
      category: query.category ?? '',
      sort: query.sort ?? 'createdAt:desc',
      limit: BLOG_TABLE_PAGE,
      offset: (page - 1) * BLOG_TABLE_PAGE,
    });
    const items: ApiBlogRow[] = rows.map((row) => ({
      _id: row.id,
      slug: row.slug,
      title: row.title,
      category: row.category,
      author: row.author,
      image: row.images[0] ? this.deps.imageUrls.url(row.images[0].url) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      missingTranslations: missingLanguages(row.translations, ['title', 'description']),
    }));
    return { items, total, page, pageSize: BLOG_TABLE_PAGE };
  }

  async listCategories(): Promise<ApiTaxonomyRecord[]> {
    const rows = await repository.listCategories(this.db, TAXONOMY_LIST_MAX);
    return rows.map(presentCategory);
  }

  async getCategory(id: string): Promise<ApiTaxonomyRecord> {
    return presentCategory(await this.requireCategory(this.db, id));
  }

  async createCategory(actor: AuditActor, input: { title: string }): Promise<ApiTaxonomyRecord> {
    return this.db.transaction(async (tx) => {
      await repository.lockBlogCategories(tx);
      await this.refuseCategoryClash(tx, input.title);
      const row = await repository.insertCategory(tx, input.title);
      const after = presentCategory(row);
      await recordAudit(tx, actor, {
        action: 'blogcategory.create',
        entityType: 'blogcategory',
        entityId: row.id,
        summary: `Added the blog category ${row.title}`,
        after,
      });
      return after;
    });
  }

  async updateCategory(actor: AuditActor, id: string, input: { title: string }): Promise<ApiTaxonomyRecord> {
    return this.db.transaction(async (tx) => {
      await repository.lockBlogCategories(tx);
      const before = await this.requireCategory(tx, id);
      await this.refuseCategoryClash(tx, input.title, id);
      const row = await repository.renameCategory(tx, id, input.title);
      if (!row) throw notFound(CATEGORY_NOT_FOUND);
      // Posts refer to their category by title (as the original API answers it): carry the rename.
      const posts =
        before.title === row.title ? 0 : await repository.renameCategoryOnBlogs(tx, before.title, row.title);
      const after = presentCategory(row);
      await recordAudit(tx, actor, {
        action: 'blogcategory.update',
        entityType: 'blogcategory',
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
  }

  async removeCategory(actor: AuditActor, id: string): Promise<ApiTaxonomyRecord> {
    return this.db.transaction(async (tx) => {
      await repository.lockBlogCategories(tx);
      const before = await this.requireCategory(tx, id);
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
        action: 'blogcategory.delete',
        entityType: 'blogcategory',
        entityId: id,
        summary: `Deleted the blog category ${row.title}`,
        before: gone,
      });
      return gone;
    });
  }

  async categoriesTable(query: TaxonomyTableQuery): Promise<ApiTaxonomyTable> {
    const page = query.page ?? 1;
    const { rows, total } = await repository.categoriesPage(this.db, {
      q: query.q ?? '',
      sort: query.sort ?? 'title:asc',
      limit: TAXONOMY_TABLE_PAGE,
      offset: (page - 1) * TAXONOMY_TABLE_PAGE,
    });
    return {
      items: rows.map((row) => ({ ...presentCategory(row), used: row.used })),
      total,
      page,
      pageSize: TAXONOMY_TABLE_PAGE,
    };
  }
}

export function createBlogAdminService(deps: ServiceDeps): BlogAdminService {
  return new BlogAdminService(deps);
}
