import { listBlogs } from '../../../shared/api/blog';
import type { ApiBlog } from '../../../shared/api/blog.schemas';
import { listProducts } from '../../../shared/api/catalog';
import type { ApiProduct } from '../../../shared/api/catalog.schemas';
import { type Locale, locales } from '../../../shared/locales';
import type { WithTranslations } from '../../i18n/content';
import type { LoadContext } from '../../lib/route-types';
import { excerpt, htmlToText } from '../../lib/text';
import { slimProduct } from '../store/slim-product';

/** One home section's data, or why it could not be loaded (the rest of the page still shows). */
export type Section<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * A blog post as the home page shows it: the date (in each language) and excerpt already written
 * out, and the title and excerpt in the languages the post is written in.
 */
export type HomeBlog = Pick<ApiBlog, '_id' | 'slug' | 'title' | 'images' | 'createdAt'> & {
  date: Record<Locale, string>;
  excerpt: string;
  translations?: Partial<Record<string, { title?: string; excerpt?: string }>>;
};

const EXCERPT_LENGTH = 100;

/** The post's title and excerpt in its other languages (where its author wrote them). */
function teaserTranslations(blog: ApiBlog): HomeBlog['translations'] {
  const translations = (blog as WithTranslations).translations;
  if (!translations) return undefined;
  return Object.fromEntries(
    Object.entries(translations).map(([locale, fields]) => [
      locale,
      {
        ...(typeof fields?.title === 'string' ? { title: fields.title } : {}),
        ...(typeof fields?.description === 'string'
          ? { excerpt: excerpt(htmlToText(fields.description), EXCERPT_LENGTH) }
          : {}),
      },
    ]),
  );
}

export type HomeData = {
  featured: Section<ApiProduct[]>;
  special: Section<ApiProduct[]>;
  popular: Section<ApiProduct[]>;
  blogs: Section<HomeBlog[]>;
};

export const HOME_LIMITS = { featured: 8, special: 4, popular: 8, blogs: 4 } as const;

function section<T>(promise: Promise<T>): Promise<Section<T>> {
  return promise.then(
    (data) => ({ ok: true as const, data }),
    (error: unknown) => ({
      ok: false as const,
      // The API's words (English: the page shows them through the errors catalogue), or none.
      message: error instanceof Error ? error.message : '',
    }),
  );
}

/**
 * Dates and excerpts are written here, where the load runs: on the server for the first visit
 * (so the date helper stays out of the entry, which every page loads: this load is part of the
 * route table), in the browser only after a client-side navigation, through a chunk loaded on demand.
 */
async function homeBlogs(blogs: ApiBlog[]): Promise<HomeBlog[]> {
  const { formatPostedAt } = await import('../../lib/dates');
  return blogs.map((blog) => {
    const translations = teaserTranslations(blog);
    return {
      _id: blog._id,
      slug: blog.slug,
      title: blog.title,
      images: blog.images,
      createdAt: blog.createdAt,
      // A load does not know the page's language: each language's date (a few bytes).
      date: Object.fromEntries(
        locales.map((locale) => [locale, formatPostedAt(blog.createdAt, locale)]),
      ) as Record<Locale, string>,
      excerpt: excerpt(htmlToText(blog.description), EXCERPT_LENGTH),
      ...(translations ? { translations } : {}),
    };
  });
}

/**
 * Every home section in one parallel load, each asking only for what it shows. A failed section
 * becomes a short message in its place instead of failing the whole page.
 */
export async function loadHome({ api, signal, locale }: LoadContext): Promise<HomeData> {
  const products = (tag: string, limit: number) =>
    section(
      api
        .call(listProducts, { query: { tags: tag, limit: String(limit) }, signal })
        .then((list) => list.map((item) => slimProduct(item, locale))),
    );
  const [featured, special, popular, blogs] = await Promise.all([
    products('featured', HOME_LIMITS.featured),
    products('special', HOME_LIMITS.special),
    products('popular', HOME_LIMITS.popular),
    section(api.call(listBlogs, { query: { limit: String(HOME_LIMITS.blogs) }, signal }).then(homeBlogs)),
  ]);
  return { featured, special, popular, blogs };
}
