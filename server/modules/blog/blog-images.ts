import type { Executor } from '../../db/client.js';
import { blogTitlesWithImage } from './blog-admin.repository.js';

/**
 * For the media module: the blog posts that show an uploaded picture, so deleting it can be
 * refused while a post still shows it (as it is for products).
 */
export function blogsShowingImage(db: Executor, publicId: string): Promise<string[]> {
  return blogTitlesWithImage(db, publicId);
}
