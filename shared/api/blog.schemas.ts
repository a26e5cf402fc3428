import * as z from 'zod/mini';
import { imageAnswer } from './catalog.schemas.js';
import { productTranslationsAnswer } from './translations.schemas.js';

/** A post's picture; `public_id` names the upload it came from (the console can delete it). */
export const blogImageAnswer = z.object({ ...imageAnswer.shape, public_id: z.optional(z.string()) });

export const blogAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  category: z.string(),
  author: z.string(),
  images: z.array(blogImageAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Title and body (sanitised HTML) in other languages, where set (decision 050). */
  translations: productTranslationsAnswer,
});
export type ApiBlog = z.output<typeof blogAnswer>;

const wholeNumber = (key: string, max: number) => {
  const message = `${key} must be a whole number from 1 to ${max}.`;
  return z.optional(
    z.string({ error: message }).check(
      z.refine(
        (value) => value === '' || (/^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= max),
        message,
      ),
      z.describe(`1 to ${max}`),
    ),
  );
};

/** Posts per page: at most this many, and all of them (up to it) without `limit`. */
export const BLOG_LIST_MAX = 100;

export const listBlogs = {
  query: z.object({ limit: wholeNumber('limit', BLOG_LIST_MAX), page: wholeNumber('page', 10_000) }),
  response: z.array(blogAnswer),
};

export const getBlog = {
  params: z.object({ id: z.string().check(z.describe('The post id or its slug.')) }),
  response: blogAnswer,
};
