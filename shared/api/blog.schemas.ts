import * as z from 'zod/mini';
import { imageAnswer } from './catalog.schemas.js';

export const blogAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  category: z.string(),
  author: z.string(),
  images: z.array(imageAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiBlog = z.output<typeof blogAnswer>;
