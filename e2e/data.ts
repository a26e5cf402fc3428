import type { APIRequestContext } from '@playwright/test';
import type { ApiProduct } from '../shared/api/catalog.schemas';
import type { ApiAdminProduct } from '../shared/api/catalog-admin.schemas';
import { ownerSession } from './console';
import { expect } from './fixtures';

/**
 * The data a spec reads, made by the spec itself through the API as staff. The specs run in
 * parallel against one shop: a spec that bought, reviewed or wished for a demo product changed
 * what another saw (its stock, its rating, its "only N left"), the cause of most flakes so far.
 * So every spec that buys, reviews, wishes, compares or adjusts stock makes its own products
 * here, each with a title and slug no other test uses. The demo catalogue stays as seeded, for
 * the specs that check how it looks; those that compare the whole catalogue with a page (store,
 * home, search, content) run first, before any spec makes anything (playwright.config.ts).
 * Customers come from `createCustomer` (e2e/fixtures.ts), staff from `createStaffMember`
 * (e2e/console.ts).
 *
 * A product can be made `like` a demo product: the same price, MRP, category, brand, colours,
 * pictures and description (read only, never changed), so checks that depend on those (GST by
 * category, free delivery over ₹500, cash on delivery up to ₹20,000) keep their meaning. Tags are
 * not copied: tagged products show on the home page, which its spec compares with the API.
 */

const randomOctet = () => 1 + Math.floor(Math.random() * 250);
const staffHeaders = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await ownerSession(request)}`,
  'x-forwarded-for': `10.88.${randomOctet()}.${randomOctet()}`,
});

/** Unique per call within a run: a time and a random tail (two workers may share a millisecond). */
export const uniqueStamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type ProductSpec = {
  /** A demo product's slug to take price, MRP, category, brand, colours and pictures from. */
  like?: string;
  /** Made unique with a stamp; the slug follows it. */
  title?: string;
  /** Rupees. */
  price?: number;
  mrp?: number | null;
  /** Opening stock (units). */
  quantity?: number;
  /** How many of the colours (the `like` product's, or the shop's) it comes in. */
  colours?: number;
  tags?: string[];
  /** Category and brand by name, when not taken from `like`. */
  category?: string;
  brand?: string;
  description?: string;
  /** Its text in other languages: `{ hi: { title, description } }`, kept as given. */
  translations?: Record<string, { title?: string; description?: string }>;
};

type Named = { _id: string; title: string };

async function named(request: APIRequestContext, path: string, title: string | undefined): Promise<string> {
  const list = (await (await request.get(path)).json()) as Named[];
  const found = title === undefined ? list[0] : list.find((item) => item.title === title);
  expect(found, `${path} has ${title ?? 'an entry'}`).toBeTruthy();
  return found!._id;
}

async function demoProduct(request: APIRequestContext, slug: string): Promise<ApiAdminProduct> {
  const listed = await request.get(`/api/product/${slug}`);
  expect(listed.status(), `the demo product ${slug}`).toBe(200);
  const { _id } = (await listed.json()) as ApiProduct;
  const answer = await request.get(`/api/admin/products/${_id}`, { headers: await staffHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as ApiAdminProduct;
}

/** A new product of this test's own, in stock (50 units unless said), as the storefront answers it. */
export async function createProduct(request: APIRequestContext, spec: ProductSpec = {}): Promise<ApiProduct> {
  const model = spec.like ? await demoProduct(request, spec.like) : undefined;
  const colorIds = model
    ? model.colors.map((colour) => colour._id)
    : ((await (await request.get('/api/color')).json()) as Named[]).map((colour) => colour._id);
  const body = {
    title: `${spec.title ?? 'E2E Product'} ${uniqueStamp()}`,
    description: spec.description ?? model?.description ?? 'Made by an end-to-end test.',
    price: spec.price ?? model?.price ?? 999,
    mrp: spec.mrp !== undefined ? spec.mrp : (model?.mrp ?? null),
    categoryId:
      model && !spec.category ? model.category._id : await named(request, '/api/category', spec.category),
    brandId: model && !spec.brand ? model.brand._id : await named(request, '/api/brand', spec.brand),
    colorIds: colorIds.slice(0, spec.colours ?? Math.max(1, colorIds.length)),
    tags: spec.tags ?? [],
    images: (model?.images ?? []).map(({ url, width, height, alt }) => ({ url, width, height, alt })),
    quantity: spec.quantity ?? 50,
    ...(spec.translations ? { translations: spec.translations } : {}),
  };
  const created = await request.post('/api/admin/products', {
    data: body,
    headers: await staffHeaders(request),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as ApiAdminProduct;
  const answer = await request.get(`/api/product/${slug}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as ApiProduct;
}

/** The product as the storefront answers it now (its stock after a purchase, say). */
export async function reread(request: APIRequestContext, p: { slug: string }): Promise<ApiProduct> {
  const answer = await request.get(`/api/product/${p.slug}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as ApiProduct;
}

/** A coupon made by staff through the API, as the console's form sends it. */
export async function createCoupon(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<{ _id: string; name: string }> {
  const created = await request.post('/api/coupon/', { data, headers: await staffHeaders(request) });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { _id: string; name: string };
}

/** A customer's review of a product, through the API (one per customer and product). */
export async function reviewProduct(
  request: APIRequestContext,
  customer: { token: string },
  product: { _id: string },
  star: number,
  comment: string,
): Promise<void> {
  const rated = await request.put('/api/product/rating', {
    data: { prodId: product._id, star, comment },
    headers: {
      authorization: `Bearer ${customer.token}`,
      'x-forwarded-for': `10.89.${randomOctet()}.${randomOctet()}`,
    },
  });
  expect(rated.status(), await rated.text()).toBe(200);
}
