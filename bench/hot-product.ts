/**
 * Many shoppers placing their orders of one product at the same moment:
 * `npm run bench:hot-product [-- --shoppers 40 --rounds 5]`.
 *
 * The production server on a scratch PostgreSQL database with the demo catalogue. Each round,
 * every shopper puts the same product in the cart, checks out, pays through the built-in test
 * gateway and has the payment verified; then, all at once, every shopper asks for the order
 * (create-order). Those requests queue on the product's row and the invoice series' row, so
 * their times show how long placement holds its locks. Prints create-order's p50 and p99 and the
 * burst's wall time per round, and their medians. Loopback only; stops by itself.
 */

import { benchArgs } from './lib/args.js';
import {
  call,
  createScratchDatabase,
  dropScratchDatabase,
  median,
  newShopper,
  percentile,
  pgQuery,
  type Sample,
  shippingInfo,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const shopperCount = Number(args.get('shoppers') ?? 40);
const rounds = Number(args.get('rounds') ?? 5);
const port = 3298;
const run = String(Date.now());
const databaseName = `shop_hot_${run}`;

type Shopper = Awaited<ReturnType<typeof newShopper>>;

/** Cart, checkout, payment and its verification: everything before create-order. */
async function payFor(base: string, shopper: Shopper, product: { _id: string; color: string[] }) {
  const who = { token: shopper.token, ip: shopper.ip };
  const added = await call(undefined, 'cart', base, 'POST', '/api/user/cart', {
    ...who,
    body: { productId: product._id, color: product.color[0], quantity: 1 },
  });
  if (added.status !== 201) throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
  const checkout = await call(undefined, 'checkout', base, 'POST', '/api/user/order/checkout', {
    ...who,
    body: { amount: 1, shippingInfo },
  });
  if (checkout.status !== 200)
    throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  const orderId = checkout.body.order.id as string;
  const pay = await call(undefined, 'pay', base, 'POST', `/api/payments/test-gateway/orders/${orderId}/pay`, {
    body: { method: 'upi' },
  });
  if (pay.status !== 200) throw new Error(`pay: ${pay.status}`);
  const verify = await call(undefined, 'verify', base, 'POST', '/api/user/order/paymentVerification', {
    ...who,
    body: {
      orderCreationId: orderId,
      razorpayOrderId: orderId,
      razorpayPaymentId: pay.body.razorpay_payment_id,
      razorpaySignature: pay.body.razorpay_signature,
    },
  });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status}`);
  return { razorpayOrderId: orderId, razorpayPaymentId: pay.body.razorpay_payment_id as string };
}

const databaseUrl = await createScratchDatabase(databaseName);
const shop = await startShop(port, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: '.data/bench-hot',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  TRUST_PROXY: '127.0.0.1',
  // The browser's create-order places each order: no webhook races it here.
  TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000',
});
const books = pgQuery(databaseUrl);
try {
  const base = shop.base;
  const [product] = (await call(undefined, 'setup', base, 'GET', '/api/product?limit=1')).body as {
    _id: string;
    color: string[];
  }[];
  if (!product) throw new Error('the demo catalogue has no product');
  await books.query(`update product_variants set quantity = 1000000 where product_id = '${product._id}'`);
  const shoppers: Shopper[] = [];
  for (let i = 0; i < shopperCount; i += 10)
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, shopperCount - i) }, (_, k) => newShopper(base, i + k, run)),
      )),
    );
  const figures: { p50: number; p99: number; wall: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const paid = await Promise.all(shoppers.map((shopper) => payFor(base, shopper, product)));
    const samples: Sample[] = [];
    const started = performance.now();
    const answers = await Promise.all(
      shoppers.map((shopper, n) =>
        call(samples, 'create-order', base, 'POST', '/api/user/cart/create-order', {
          token: shopper.token,
          ip: shopper.ip,
          body: { shippingInfo, paymentInfo: paid[n] },
        }),
      ),
    );
    const wall = performance.now() - started;
    const refused = answers.filter((a) => a.status !== 200);
    if (refused.length)
      throw new Error(
        `${refused.length} create-order answers were not 200: ${JSON.stringify(refused[0]!.body)}`,
      );
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const figure = { p50: percentile(times, 50), p99: percentile(times, 99), wall };
    figures.push(figure);
    console.log(
      `round ${round}: ${shoppers.length} orders, create-order p50 ${figure.p50.toFixed(0)} ms, p99 ${figure.p99.toFixed(0)} ms, burst ${figure.wall.toFixed(0)} ms`,
    );
  }
  console.log(
    `median of ${rounds} rounds: p50 ${median(figures.map((f) => f.p50)).toFixed(0)} ms, p99 ${median(figures.map((f) => f.p99)).toFixed(0)} ms, burst ${median(figures.map((f) => f.wall)).toFixed(0)} ms`,
  );
} finally {
  await books.close();
  await stopShop(shop);
  await dropScratchDatabase(databaseName);
}
