import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './customers.js';
import { createProduct, ensureColor } from './factories.js';
import { shoppingCalls } from './shopping.js';
import { type SignedInStaff, signInStaff } from './staff.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Every call the original admin client makes (admin-contract.md, section 10: 45 calls), as that
 * client sends it (trailing slashes, `Accept: Application/json`, no token where it sends none):
 * for an owner's token it answers 200 with the shape the client reads; `adm` calls answer 403 to a
 * shopper's token and 401 without a token; `pub` calls answer without one. Each area's own suite
 * tests the rules behind these answers.
 */
let ctx: TestContext;
let owner: SignedInStaff;
let shopper: Awaited<ReturnType<typeof signUp>>;
const ids: Record<string, string> = {};

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  access: 'pub' | 'adm';
  body?: () => object;
  /** What the client reads from the answer. */
  check: (answer: unknown) => void;
};

const hasKeys =
  (...keys: string[]) =>
  (value: unknown) => {
    expect(value).toBeTypeOf('object');
    for (const key of keys) expect(value, key).toHaveProperty(key);
  };
const arrayOf =
  (...keys: string[]) =>
  (value: unknown) => {
    expect(Array.isArray(value)).toBe(true);
    expect((value as unknown[]).length).toBeGreaterThan(0);
    hasKeys(...keys)((value as unknown[])[0]);
  };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInStaff(ctx.app, 'owner');
  shopper = await signUp(ctx.app);
  const db = ctx.database.db;
  const product = await createProduct(db, { quantity: 20, colors: ['#123456'] });
  const color = await ensureColor(db, '#123456');
  ids.product = product.id;
  ids.color = color.id;
  // One paid order, placed as a shopper places it.
  const shop = shoppingCalls(() => ctx.app);
  await shop.addToCart(shopper, product.id, color.id, 1);
  const checkout = (await shop.startCheckout(shopper)).json().order as { id: string };
  const paid = await shop.payWithGateway(checkout.id);
  await shop.verify(shopper, paid);
  const order = await shop.createOrder(shopper, paid);
  ids.order = order.json().order._id;
  // One enquiry from the contact form.
  const enquiry = await ctx.app.inject({
    method: 'POST',
    url: '/api/enquiry',
    payload: {
      name: 'Ravi',
      email: 'ravi@example.in',
      mobile: '9876543210',
      comment: 'Is the watch in stock?',
    },
  });
  ids.enquiry = enquiry.json()._id ?? enquiry.json().enquiry?._id;
});
afterAll(async () => {
  await ctx.close();
});

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#225588' } })
    .png()
    .toBuffer();

function multipart(files: { name: string; data: Buffer; type: string }[]) {
  const boundary = '----contract-test-boundary';
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function call(
  method: Call['method'],
  url: string,
  token: string | undefined,
  body?: object,
): Promise<{ status: number; json: () => unknown; body: string }> {
  const answer = await ctx.app.inject({
    method,
    url,
    headers: { accept: 'Application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { payload: body } : {}),
  });
  return { status: answer.statusCode, json: () => answer.json(), body: answer.body };
}

/** The four one-field resources, in the order the client uses them: create, list, read, update, delete. */
function taxonomyCalls(resource: string, title: () => string): Call[] {
  return [
    {
      method: 'POST',
      path: () => `/api/${resource}/`,
      access: 'adm',
      body: () => ({ title: title() }),
      check: (value) => {
        hasKeys('_id', 'title')(value);
        ids[resource] = (value as { _id: string })._id;
      },
    },
    { method: 'GET', path: () => `/api/${resource}/`, access: 'pub', check: arrayOf('_id', 'title') },
    {
      method: 'GET',
      path: () => `/api/${resource}/${ids[resource]}`,
      access: 'pub',
      check: hasKeys('title'),
    },
    {
      method: 'PUT',
      path: () => `/api/${resource}/${ids[resource]}`,
      access: 'adm',
      body: () => ({ title: title() }),
      check: hasKeys('_id', 'title'),
    },
    {
      method: 'DELETE',
      path: () => `/api/${resource}/${ids[resource]}`,
      access: 'adm',
      check: hasKeys('_id'),
    },
  ];
}

let unique = 0;
const stamp = () => `${Date.now()}${unique++}`;

const calls: Call[] = [
  // 3. Orders and dashboard
  {
    method: 'GET',
    path: () => '/api/user/getallorders',
    access: 'adm',
    check: (value) => {
      const order = (value as { orders: { user: object; orderItems: unknown[] }[] }).orders[0]!;
      hasKeys(
        '_id',
        'orderItems',
        'totalPrice',
        'totalPriceAfterDiscount',
        'orderStatus',
        'createdAt',
      )(order);
      hasKeys('firstname')(order.user);
    },
  },
  {
    method: 'GET',
    path: () => `/api/user/getOrder/${ids.order}`,
    access: 'adm',
    check: (value) => {
      const line = (value as { orders: { orderItems: { product: object; color: object }[] } }).orders
        .orderItems[0]!;
      hasKeys('title', 'brand')(line.product);
      hasKeys('title')(line.color);
      hasKeys('quantity', 'price')(line);
    },
  },
  {
    method: 'PUT',
    path: () => `/api/user/updateOrder/${ids.order}`,
    access: 'adm',
    body: () => ({ status: 'Processed' }),
    check: hasKeys('orders'),
  },
  {
    method: 'GET',
    path: () => '/api/user/getMonthWiseOrderIncome',
    access: 'adm',
    check: (value) => {
      arrayOf('amount', 'count')(value);
      expect((value as { _id: { month: unknown } }[])[0]!._id).toHaveProperty('month');
    },
  },
  {
    method: 'GET',
    path: () => '/api/user/getYearlyTotalOrders',
    access: 'adm',
    check: arrayOf('amount', 'count'),
  },
  // 4. Customers
  {
    method: 'GET',
    path: () => '/api/user/all-users',
    access: 'adm',
    check: arrayOf('role', 'firstname', 'lastname', 'email', 'mobile'),
  },
  // 5. Products and images
  {
    method: 'GET',
    path: () => '/api/product/',
    access: 'pub',
    check: (value) => {
      arrayOf('title', 'brand', 'category', 'color', 'price')(value);
      for (const product of value as { color: unknown[] }[]) {
        for (const color of product.color) expect(color).toBeTypeOf('string');
      }
    },
  },
  {
    method: 'POST',
    path: () => '/api/product/',
    access: 'adm',
    body: () => ({
      title: `Contract Kurta ${stamp()}`,
      description: '<p>Cotton</p>',
      price: 1299,
      brand: 'Titan',
      category: 'Watches',
      tags: 'featured',
      color: [ids.color],
      quantity: 5,
      images: [],
    }),
    check: hasKeys('newProduct'),
  },
  // 6. Brands, product categories, colours, blog categories
  ...taxonomyCalls('brand', () => `Contract Brand ${stamp()}`),
  ...taxonomyCalls('category', () => `Contract Category ${stamp()}`),
  ...taxonomyCalls('color', () => `#${(0x100000 + unique++ * 7919).toString(16).slice(-6)}`),
  ...taxonomyCalls('blogcategory', () => `Contract Blog Category ${stamp()}`),
  // 7. Blogs
  {
    method: 'POST',
    path: () => '/api/blog/',
    access: 'adm',
    body: () => ({
      title: `Contract post ${stamp()}`,
      description: '<p>Hello</p>',
      category: ids.blogCategoryTitle!,
      images: '',
    }),
    check: (value) => {
      hasKeys('newBlog')(value);
      ids.blog = (value as { newBlog: { _id: string } }).newBlog._id;
    },
  },
  { method: 'GET', path: () => '/api/blog/', access: 'pub', check: arrayOf('_id', 'title', 'category') },
  {
    method: 'GET',
    path: () => `/api/blog/${ids.blog}`,
    access: 'pub',
    check: hasKeys('title', 'description', 'category', 'images'),
  },
  {
    method: 'PUT',
    path: () => `/api/blog/${ids.blog}`,
    access: 'adm',
    body: () => ({
      title: `Contract post ${stamp()}`,
      description: '<p>Hi</p>',
      category: ids.blogCategoryTitle!,
      images: [],
    }),
    check: hasKeys('updateBlog'),
  },
  { method: 'DELETE', path: () => `/api/blog/${ids.blog}`, access: 'adm', check: hasKeys('deletedBlog') },
  // 8. Coupons
  {
    method: 'POST',
    path: () => '/api/coupon/',
    access: 'adm',
    body: () => ({ name: `diwali${unique++}`, expiry: '2027-11-1', discount: '10' }),
    check: (value) => {
      hasKeys('_id', 'name', 'expiry', 'discount')(value);
      ids.coupon = (value as { _id: string })._id;
    },
  },
  {
    method: 'GET',
    path: () => '/api/coupon/',
    access: 'adm',
    check: arrayOf('_id', 'name', 'discount', 'expiry'),
  },
  {
    method: 'GET',
    path: () => `/api/coupon/${ids.coupon}`,
    access: 'adm',
    check: arrayOf('name', 'discount', 'expiry'),
  },
  {
    method: 'PUT',
    path: () => `/api/coupon/${ids.coupon}`,
    access: 'adm',
    body: () => ({ name: `diwali${unique++}`, discount: 15, expiry: '2027-11-2' }),
    check: hasKeys('name'),
  },
  { method: 'DELETE', path: () => `/api/coupon/${ids.coupon}`, access: 'adm', check: hasKeys('_id') },
  // 9. Enquiries
  {
    method: 'GET',
    path: () => '/api/enquiry/',
    access: 'adm',
    check: arrayOf('_id', 'name', 'email', 'mobile', 'status'),
  },
  {
    method: 'GET',
    path: () => `/api/enquiry/${ids.enquiry}`,
    access: 'adm',
    check: hasKeys('name', 'mobile', 'email', 'comment', 'status'),
  },
  {
    method: 'PUT',
    path: () => `/api/enquiry/${ids.enquiry}`,
    access: 'adm',
    body: () => ({ status: 'In Progress' }),
    check: hasKeys('status'),
  },
  { method: 'DELETE', path: () => `/api/enquiry/${ids.enquiry}`, access: 'adm', check: hasKeys('_id') },
];

describe("the original admin client's calls", () => {
  it('covers all 45 (the upload and admin-login calls below)', () => {
    expect(calls.length + 3).toBe(45);
  });

  it('answer an owner as the client reads them; adm calls refuse a shopper (403) and no token (401)', async () => {
    // The blog category the blog calls use (the taxonomy calls delete theirs).
    const category = await call('POST', '/api/blogcategory/', owner.token, {
      title: `Contract Posts ${stamp()}`,
    });
    ids.blogCategoryTitle = (category.json() as { title: string }).title;
    for (const entry of calls) {
      const url = entry.path();
      const body = entry.body?.();
      if (entry.access === 'adm') {
        const anonymous = await call(entry.method, url, undefined, body);
        expect(anonymous.status, `${entry.method} ${url} without a token`).toBe(401);
        const asShopper = await call(entry.method, url, shopper.token, body);
        expect(asShopper.status, `${entry.method} ${url} as a shopper`).toBe(403);
      } else {
        const anonymous = await call(entry.method, url, undefined, body);
        expect(anonymous.status, `${entry.method} ${url} without a token: ${anonymous.body}`).toBe(200);
      }
      const answer = await call(entry.method, url, owner.token, body);
      expect(answer.status, `${entry.method} ${url}: ${answer.body}`).toBe(200);
      entry.check(answer.json());
    }
  });

  it('upload/ answers {url, asset_id, public_id} per file, and delete-img/{public_id} deletes it', async () => {
    const { payload, contentType } = multipart([{ name: 'a.png', data: await png(), type: 'image/png' }]);
    const headers = (token?: string) => ({
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/upload/', payload, headers: headers() })).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/upload/',
          payload,
          headers: headers(shopper.token),
        })
      ).statusCode,
    ).toBe(403);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/',
      payload,
      headers: headers(owner.token),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [image] = uploaded.json() as { url: string; asset_id: string; public_id: string }[];
    expect(image!.url).toMatch(/^https?:\/\//);
    expect(image!.public_id).not.toContain('/');
    const url = `/api/upload/delete-img/${image!.public_id}`;
    expect((await call('DELETE', url, undefined)).status).toBe(401);
    expect((await call('DELETE', url, shopper.token)).status).toBe(403);
    const deleted = await call('DELETE', url, owner.token);
    expect(deleted.status, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Deleted' });
    expect((await call('DELETE', url, owner.token)).status).toBe(404);
  });

  it('user/admin-login answers the token the client keeps', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/admin-login',
      payload: { email: owner.email, password: 'a long staff password' },
    });
    expect(answer.statusCode).toBe(200);
    hasKeys('_id', 'firstname', 'lastname', 'email', 'mobile', 'token')(answer.json());
  });
});
