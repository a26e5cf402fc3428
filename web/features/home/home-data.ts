import type { ApiBlog, ApiProduct } from '../../../shared/api-types';
import type { LoadContext } from '../../app/route-types';

/** One home section's data, or why it could not be loaded (the rest of the page still shows). */
export type Section<T> = { ok: true; data: T } | { ok: false; message: string };

export type HomeData = {
  featured: Section<ApiProduct[]>;
  special: Section<ApiProduct[]>;
  popular: Section<ApiProduct[]>;
  blogs: Section<ApiBlog[]>;
};

export const HOME_LIMITS = { featured: 8, special: 4, popular: 8, blogs: 4 } as const;

function section<T>(promise: Promise<T>): Promise<Section<T>> {
  return promise.then(
    (data) => ({ ok: true as const, data }),
    (error: unknown) => ({
      ok: false as const,
      message: error instanceof Error && error.message ? error.message : 'Something went wrong!',
    }),
  );
}

/**
 * Every home section in one parallel load, each asking only for what it shows. A failed section
 * becomes a short message in its place instead of failing the whole page.
 */
export async function loadHome({ api, signal }: LoadContext): Promise<HomeData> {
  const products = (tag: string, limit: number) =>
    section(api.get<ApiProduct[]>(`/product?tags=${tag}&limit=${limit}`, { signal }));
  const [featured, special, popular, blogs] = await Promise.all([
    products('featured', HOME_LIMITS.featured),
    products('special', HOME_LIMITS.special),
    products('popular', HOME_LIMITS.popular),
    section(api.get<ApiBlog[]>(`/blog?limit=${HOME_LIMITS.blogs}`, { signal })),
  ]);
  return { featured, special, popular, blogs };
}
