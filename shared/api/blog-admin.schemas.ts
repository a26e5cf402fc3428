import * as z from 'zod/mini';
import { requiredText } from '../schemas/fields.js';
import { blogAnswer } from './blog.schemas.js';
import { recordIdParams } from './taxonomy.schemas.js';
import { translatedText, translationsInput } from './translations.schemas.js';

export const BLOG_TITLE_MAX = 200;
/** Rich text as the editor writes it (sanitised by the server); long posts with tables fit. */
export const BLOG_BODY_MAX = 200_000;
export const BLOG_IMAGES_MAX = 10;

/**
 * A picture from the upload endpoint (`{url, public_id}`, and its size: the storefront reserves
 * the space); `asset_id` and anything else are dropped.
 */
export const blogImageInput = z.object({
  url: z
    .string({ error: 'Each picture needs its url' })
    .check(
      z.trim(),
      z.maxLength(2000, 'That picture address is too long'),
      z.regex(
        /^(https?:\/\/|\/media\/)/i,
        'Pictures must be uploaded first (their address is http(s) or /media/)',
      ),
    ),
  public_id: z.optional(z.string().check(z.maxLength(200))),
  width: z.optional(z.number().check(z.int(), z.positive(), z.maximum(20_000))),
  height: z.optional(z.number().check(z.int(), z.positive(), z.maximum(20_000))),
  alt: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});

export type BlogImageInput = z.output<typeof blogImageInput>;

/**
 * The original admin client's form sends `images` as `""`, `[]` or the last upload's array,
 * depending on how it was used: all three are accepted (and `""` read as no pictures).
 */
const imagesField = z.optional(
  z.union([
    z.literal(''),
    z.array(blogImageInput).check(z.maxLength(BLOG_IMAGES_MAX, `At most ${BLOG_IMAGES_MAX} pictures`)),
  ]),
);

export const blogBody = z.object({
  title: requiredText('Title is required', BLOG_TITLE_MAX),
  description: z
    .string({ error: 'Write the post' })
    .check(z.trim(), z.minLength(1, 'Write the post'), z.maxLength(BLOG_BODY_MAX, 'The post is too long')),
  category: requiredText('Choose a category', 80),
  images: imagesField,
  /**
   * The console's way to take every picture off a post (an empty `images` keeps them, for the
   * original client's sake).
   */
  clearImages: z.optional(z.boolean({ error: 'clearImages is true or false' })),
  /** Title and body in other languages; the body is sanitised like the English one. */
  translations: translationsInput((language) => ({
    title: translatedText(language, 'title', BLOG_TITLE_MAX),
    description: translatedText(language, 'post', BLOG_BODY_MAX),
  })),
});
export type BlogBody = z.output<typeof blogBody>;
/** What the console's editor form holds (its `images` always an array). */
export type BlogFormValues = z.input<typeof blogBody>;

export const blogTableSortKeys = ['createdAt', 'updatedAt', 'title'] as const;
/** `key:asc` or `key:desc`, as the console's tables write them. */
export const blogTableSorts = blogTableSortKeys.flatMap((key) => [`${key}:asc`, `${key}:desc`] as const);
export type BlogTableSort = (typeof blogTableSorts)[number];
export const BLOG_TABLE_PAGE = 25;

export const blogTableQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Please keep the search under 100 characters'))),
  category: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  sort: z.optional(z.enum(blogTableSorts, { error: `sort must be one of ${blogTableSorts.join(', ')}` })),
  page: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' || value === undefined ? 1 : Number(value))),
      z
        .number()
        .check(z.int('page must be a whole number'), z.minimum(1, 'page starts at 1'), z.maximum(10_000)),
    ),
  ),
});
export type BlogTableQuery = z.output<typeof blogTableQuery>;

export const blogRow = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  author: z.string(),
  /** The cover (first picture), absolute; null without one. */
  image: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The languages its title or text is not yet in (codes, such as `hi`). */
  missingTranslations: z.array(z.string()),
});
export type ApiBlogRow = z.output<typeof blogRow>;

export const createBlog = { body: blogBody, response: z.object({ newBlog: blogAnswer }) };
export const updateBlog = {
  params: recordIdParams,
  body: blogBody,
  response: z.object({ updateBlog: blogAnswer }),
};
export const deleteBlog = { params: recordIdParams, response: z.object({ deletedBlog: blogAnswer }) };
export const blogsTable = {
  query: blogTableQuery,
  response: z.object({
    items: z.array(blogRow),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};
