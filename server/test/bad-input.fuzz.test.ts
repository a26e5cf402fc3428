import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAR_CHOICES } from '../../shared/schemas/review.js';
import { queryRows } from '../db/client.js';
import { signUp } from './customers.js';
import { createBlog, createProduct } from './factories.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Property-based bad input: thousands of generated and malformed requests across every
 * API endpoint. Whatever arrives, the server answers below 500, in JSON with a message when it
 * refuses, stays healthy, and stores nothing it should not.
 *
 * FUZZ_RUNS raises the count for a longer hunt (`FUZZ_RUNS=50000 npx vitest run server/test/bad-input`).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 5000);

type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `:name` parameters, filled with generated values. */
  path: string;
  /** Body fields the endpoint reads: the generator fills them with wrong and right values alike. */
  fields?: string[];
  /** Query keys the endpoint reads. */
  query?: string[];
  /**
   * A body a real client could send, with hostile text in its fields now and then. Random values
   * almost never make a whole valid body (a review needs the product, a star and a signed-in
   * customer at once), so without these the write paths would only ever see refusals.
   */
  plausible?: () => fc.Arbitrary<Record<string, unknown>>;
};

const productQuery = [
  'brand',
  'tags',
  'category',
  'price[gte]',
  'price[lte]',
  'price[gt]',
  'price[lt]',
  'price[$ne]',
  'price',
  'sort',
  'page',
  'limit',
  'availability',
  'q',
  '__proto__[polluted]',
  'constructor[prototype]',
];

/** Words customers write, `<` that is not markup included, and markup that must never be stored. */
const ordinaryText = fc.constantFrom(
  'Good value for money',
  'Strap broke after a week',
  'Battery < 2 days, sadly',
  'I <3 it',
  'बहुत अच्छा, delivered in 3 days',
  'Do you deliver to Leh?',
  'Rs. 500 > what I paid elsewhere',
);
const markup = fc.constantFrom(
  '<b>bold</b>',
  '<img src=x onerror=alert(1)>',
  '</textarea><script>alert(1)</script>',
  '<!-- hidden -->',
  '<svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<IMG SRC=x>',
  '<?xml version="1.0"?>',
);
const freeText = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: ordinaryText },
    { weight: 2, arbitrary: markup },
    { weight: 2, arbitrary: fc.tuple(ordinaryText, markup).map(([text, tag]) => `${text} ${tag}`) },
    { weight: 1, arbitrary: nastyString },
  );
const validEmail = fc.nat(999).map((n) => `fuzz${n}@example.in`);
const validMobile = fc.integer({ min: 6_000_000_000, max: 9_999_999_999 }).map(String);

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/user/register',
    fields: ['firstname', 'lastname', 'email', 'mobile', 'password', 'role'],
  },
  { method: 'POST', path: '/api/user/login', fields: ['email', 'password'] },
  { method: 'POST', path: '/api/user/logout' },
  { method: 'GET', path: '/api/user/me' },
  {
    method: 'PUT',
    path: '/api/user/edit-user',
    fields: ['firstname', 'lastname', 'email', 'mobile', 'role', 'isBlocked'],
  },
  { method: 'POST', path: '/api/user/forgot-password-token', fields: ['email'] },
  { method: 'PUT', path: '/api/user/reset-password/:token', fields: ['password'] },
  { method: 'GET', path: '/api/product', query: productQuery },
  { method: 'GET', path: '/api/product/facets', query: productQuery },
  { method: 'GET', path: '/api/product/suggestions', query: ['q', 'limit'] },
  { method: 'GET', path: '/api/product/:id' },
  { method: 'GET', path: '/api/blog', query: ['page', 'limit', 'category'] },
  { method: 'GET', path: '/api/blog/:id' },
  {
    method: 'POST',
    path: '/api/enquiry',
    fields: ['name', 'email', 'mobile', 'comment', 'status'],
    plausible: () =>
      fc.record({ name: freeText(), email: validEmail, mobile: validMobile, comment: freeText() }),
  },
  {
    method: 'POST',
    path: '/api/grievances',
    fields: ['kind', 'topic', 'orderNumber', 'description', 'name', 'email', 'mobile'],
    plausible: () =>
      fc.record(
        {
          kind: fc.constantFrom('grievance', 'rights-request'),
          topic: fc.constantFrom('order', 'delivery', 'other', 'access', 'erasure'),
          orderNumber: freeText(),
          description: freeText(),
          name: freeText(),
          email: validEmail,
          mobile: validMobile,
        },
        { requiredKeys: ['kind', 'topic', 'description', 'name', 'email', 'mobile'] },
      ),
  },
  { method: 'GET', path: '/api/user/grievances' },
  { method: 'GET', path: '/api/user/wishlist' },
  { method: 'PUT', path: '/api/product/wishlist', fields: ['prodId'] },
  { method: 'POST', path: '/api/user/cart', fields: ['productId', 'color', 'quantity', 'price'] },
  { method: 'GET', path: '/api/user/cart' },
  { method: 'DELETE', path: '/api/user/delete-product-cart/:id' },
  { method: 'DELETE', path: '/api/user/update-product-cart/:id/:quantity' },
  { method: 'DELETE', path: '/api/user/empty-cart' },
  {
    method: 'PUT',
    path: '/api/product/rating',
    fields: ['star', 'comment', 'prodId'],
    plausible: () =>
      fc.record({
        prodId: fc.constant(known.productId),
        star: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...STAR_CHOICES) },
          { weight: 1, arbitrary: fc.constantFrom(0, 0.5, 3.25, 5.5, '3.5', '4', 'five', null) },
          { weight: 1, arbitrary: nastyValue },
        ),
        comment: freeText(),
      }),
  },
  { method: 'POST', path: '/api/user/order/checkout', fields: ['amount', 'shippingInfo'] },
  {
    method: 'POST',
    path: '/api/user/order/paymentVerification',
    fields: ['orderCreationId', 'razorpayPaymentId', 'razorpayOrderId', 'razorpaySignature'],
  },
  {
    method: 'POST',
    path: '/api/user/cart/create-order',
    fields: ['shippingInfo', 'orderItems', 'totalPrice', 'totalPriceAfterDiscount', 'paymentInfo'],
  },
  { method: 'GET', path: '/api/user/getmyorders' },
  { method: 'POST', path: '/api/payments/test-gateway/orders/:id/pay', fields: ['method'] },
  { method: 'POST', path: '/api/payments/test-gateway/orders/:id/fail' },
  {
    method: 'POST',
    path: '/api/payments/test-gateway/webhook',
    fields: ['event', 'payload', 'entity', 'id'],
  },
  { method: 'GET', path: '/api/no-such-endpoint/:id' },
];

let ctx: TestContext;
/** Values that exist in the database, so some generated requests get past the first checks. */
const known = {
  productId: '',
  productSlug: '',
  colorId: '',
  blogId: '',
  token: '',
  email: '',
};

beforeAll(async () => {
  ctx = await createTestApp();
  const product = await createProduct(ctx.database.db, { quantity: 5, colors: ['#000000', '#ffffff'] });
  const [color] = await queryRows<{ color_id: string }>(
    ctx.database.db,
    sql`select color_id from product_colors where product_id = ${product.id} limit 1`,
  );
  const blog = await createBlog(ctx.database.db);
  const customer = await signUp(ctx.app);
  Object.assign(known, {
    productId: product.id,
    productSlug: product.slug,
    colorId: color!.color_id,
    blogId: blog.id,
    token: customer.token,
    email: customer.email,
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

// Values a hostile or broken client sends: wrong types, huge and odd strings, operator objects.
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFEFF',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const knownValue = fc.constantFrom(
  () => known.productId,
  () => known.productSlug,
  () => known.colorId,
  () => known.blogId,
  () => known.email,
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: 2, arbitrary: knownValue.map((pick) => pick()) },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 10, 11, 2 ** 53, -(2 ** 31))),
    },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(
          fc.constantFrom('$ne', '$gt', '$where', '__proto__', 'constructor', '_id', 'toString'),
          fc.string(),
        ),
        tie('value'),
        { maxKeys: 3 },
      ),
    },
  ),
})).value;

const pathParam = fc.oneof(
  nastyString.map((value) => encodeURIComponent(value).slice(0, 300)),
  knownValue.map((pick) => pick()),
  fc.constantFrom('..%2F..%2F', '%2e%2e', '%', '%zz', '0', '-5', '99999999999999999999', 'a'.repeat(250)),
);

const token = fc.oneof(
  fc.constant(() => `Bearer ${known.token}`),
  fc.constant(() => undefined),
  fc
    .constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer null',
      'Basic dXNlcjpwYXNz',
      'bearer x.y.z',
      `Bearer ${'a'.repeat(5000)}`,
    )
    .map((value) => () => value),
  fc.constant(() => `Bearer ${known.token}x`),
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; signedIn?: boolean }
  | { kind: 'raw'; text: string; type: string };

function bodyFor(endpoint: Endpoint): fc.Arbitrary<Body> {
  const fieldsObject = fc
    .tuple(
      ...(endpoint.fields ?? []).map((field) =>
        fc.option(nastyValue, { nil: undefined, freq: 3 }).map((value) => [field, value] as const),
      ),
      fc.dictionary(fc.string({ maxLength: 12 }), nastyValue, { maxKeys: 2 }),
    )
    .map((parts) => {
      const extra = parts.pop() as Record<string, unknown>;
      const object: Record<string, unknown> = { ...extra };
      for (const [field, value] of parts as (readonly [string, unknown])[]) {
        if (value !== undefined) object[field] = value;
      }
      return { kind: 'json', value: object } as Body;
    });
  // A plausible body comes from the signed-in customer: the one thing random tokens rarely are.
  const plausible = endpoint.plausible
    ? [
        {
          weight: 120,
          arbitrary: endpoint.plausible().map((value) => ({ kind: 'json', value, signedIn: true }) as Body),
        },
      ]
    : [];
  return fc.oneof(
    ...plausible,
    { weight: 120, arbitrary: fieldsObject },
    { weight: 20, arbitrary: nastyValue.map((value) => ({ kind: 'json', value }) as Body) },
    { weight: 20, arbitrary: fc.constant({ kind: 'none' } as Body) },
    {
      weight: 20,
      arbitrary: fc
        .tuple(
          fc.constantFrom('{"email": ', '{{{', '[1,2', 'null', '"just a string"', '{"a":1}garbage', '\u0000'),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
          ),
        )
        .map(([text, type]) => ({ kind: 'raw', text, type }) as Body),
    },
    // Larger than the 1 MB body limit: must be a 413, never a crash or a slow death.
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: 'raw',
        text: `{"comment":"${'x'.repeat(1_100_000)}"}`,
        type: 'application/json',
      } as Body),
    },
  );
}

function queryFor(endpoint: Endpoint): fc.Arbitrary<string> {
  if (!endpoint.query) return fc.constant('');
  return fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...endpoint.query), fc.string({ maxLength: 10 })),
        nastyString,
        fc.boolean(),
      ),
      { maxLength: 5 },
    )
    .map((pairs) =>
      pairs
        .map(([key, value, raw]) =>
          raw ? `${key}=${value}` : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
        )
        // Real clients send doubled and trailing separators (docs/reliability.md).
        .join('&&'),
    );
}

const request = fc.constantFrom(...endpoints).chain((endpoint) =>
  fc.record({
    endpoint: fc.constant(endpoint),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    query: queryFor(endpoint),
    body: bodyFor(endpoint),
    token,
    address: fc.tuple(fc.nat(250), fc.nat(250)).map(([a, b]) => `10.99.${a}.${b}`),
  }),
);

const statuses = new Map<number, number>();
const failures: string[] = [];
/** 2xx answers by endpoint: proof that the write paths were reached, not only refused. */
const accepted = new Map<string, number>();

describe('bad input never breaks the API', () => {
  it(`answers ${runs} generated requests below 500, in JSON with a message`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, params, query, body, token: authorization, address }) => {
        let index = 0;
        const path = endpoint.path.replace(/:\w+/g, () => {
          const value = params[index++] ?? 'x';
          // A raw slash in a value becomes a different path: the 404 that follows is still tested.
          return value === '' ? '%20' : value;
        });
        const url = query ? `${path}?${query}` : path;
        const headers: Record<string, string> = {};
        const auth = body.kind === 'json' && body.signedIn ? `Bearer ${known.token}` : authorization();
        if (auth !== undefined) headers.authorization = auth;
        let payload: string | undefined;
        if (body.kind === 'json') {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body.value) ?? 'null';
        } else if (body.kind === 'raw') {
          headers['content-type'] = body.type;
          payload = body.text;
        }
        const response = await ctx.app.inject({
          method: endpoint.method,
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
          remoteAddress: address,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode < 300) {
          const key = `${endpoint.method} ${endpoint.path}`;
          accepted.set(key, (accepted.get(key) ?? 0) + 1);
        }
        // A generated logout with the customer's token ends it: take a new customer, or every later
        // request "with a valid token" would be a 401 and nothing behind sign-in would be reached
        // (signing the same one in again runs into the login limit).
        if (endpoint.path === '/api/user/logout' && auth === `Bearer ${known.token}`) {
          known.token = (await signUp(ctx.app)).token;
        }
        const where = `${endpoint.method} ${url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(where);
        expect(response.statusCode, where).toBeLessThan(500);
        expect(response.headers['content-type'], where).toMatch(/application\/json/);
        const parsed = response.json() as { message?: unknown };
        if (response.statusCode >= 400) expect(typeof parsed.message, where).toBe('string');
      }),
      { numRuns: runs, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 600_000);

  it('reached the write paths of reviews, enquiries and complaints, not only their refusals', () => {
    // A few hundred runs may not pick each endpoint often enough to say.
    if (runs < 1000) return;
    expect(accepted.get('PUT /api/product/rating') ?? 0).toBeGreaterThan(0);
    expect(accepted.get('POST /api/enquiry') ?? 0).toBeGreaterThan(0);
    expect(accepted.get('POST /api/grievances') ?? 0).toBeGreaterThan(0);
  });

  it('is still healthy afterwards', async () => {
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    const list = await ctx.app.inject('/api/product');
    expect(list.statusCode).toBe(200);
  });

  it('stored nothing it should not', async () => {
    const db = ctx.database.db;
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: string }>(db, query))[0]!.n);
    // No payment was ever approved, so no order, and stock is untouched.
    expect(await count(sql`select count(*) as n from orders`)).toBe(0);
    expect(await count(sql`select count(*) as n from products where quantity <> 5 or sold <> 0`)).toBe(0);
    // Nobody became an admin, and every account that exists has a normalised e-mail and mobile.
    expect(await count(sql`select count(*) as n from users where role <> 'user'`)).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from users where email <> lower(trim(email)) or mobile !~ '^[6-9][0-9]{9}$'`,
      ),
    ).toBe(0);
    // Cart lines only at the catalogue price, in bounds, in a colour the product has.
    expect(
      await count(sql`select count(*) as n from cart_lines l join products p on p.id = l.product_id
        where l.quantity not between 1 and 10 or l.quantity > p.quantity`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from cart_lines l
        where not exists (select 1 from product_colors pc where pc.product_id = l.product_id and pc.color_id = l.color_id)`),
    ).toBe(0);
    // Reviews in whole or half stars, and no markup stored from any text a customer wrote.
    expect(
      await count(
        sql`select count(*) as n from ratings
          where star not between 1 and 5 or star * 2 <> trunc(star * 2) or comment ~ '<[a-zA-Z/!?]'`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from enquiries
        where comment ~ '<[a-zA-Z/!?]' or name ~ '<[a-zA-Z/!?]' or coalesce(order_number, '') ~ '<[a-zA-Z/!?]'`),
    ).toBe(0);
  });

  afterAll(() => {
    const report = {
      runs,
      statuses: Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b)),
      failures: [...new Set(failures)],
      accepted: Object.fromEntries([...accepted.entries()].sort()),
    };
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/bad-input-fuzz.json', `${JSON.stringify(report, null, 2)}\n`);
  });
});
