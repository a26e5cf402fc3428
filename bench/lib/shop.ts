import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';

/**
 * What the load and fault benchmarks share: a scratch PostgreSQL database, the production server
 * as its own process (so it can be killed with -9), a timed HTTP client and percentiles.
 * Loopback only; every run stops by itself.
 */
export const pgServer = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createScratchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of that name on the benchmark server, made if missing (kept between runs). */
export async function ensureDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export type ShopProcess = { child: ChildProcess; base: string; exited: Promise<number | null> };

/**
 * Starts `server/main.ts` under node itself (not an npx wrapper), so `kill -9` hits the server and
 * nothing in between. Resolves once /readyz answers.
 */
export async function startShop(port: number, env: Record<string, string>): Promise<ShopProcess> {
  // BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    // The production command's young generation (package.json's start, deploy/Dockerfile).
    ['--max-semi-space-size=64', ...nodeFlags, '--import', 'tsx', 'server/main.ts', '--seed-if-empty'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        ...env,
      },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // Ready once the catalogue is read into memory (/readyz says "warming" until then): at a
  // million products on this machine, a minute or more.
  for (let i = 0; i < 720; i++) {
    if (child.exitCode !== null)
      throw new Error(`the shop exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, exited };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the shop did not become ready within 180 s');
}

export async function stopShop(shop: ShopProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  shop.child.kill(signal);
  await shop.exited;
}

export type Sample = { route: string; status: number; ms: number };

/** A JSON call that never throws: network failures come back as status 0. */
export async function call(
  samples: Sample[] | undefined,
  route: string,
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: benchmark scripts read each response's few fields ad hoc
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let body: any;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  } catch {
    status = 0;
  }
  samples?.push({ route, status, ms: performance.now() - started });
  return { status, body };
}

/** The middle value (the upper one of an even count), as the in-process benches report. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type RouteSummary = {
  route: string;
  count: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: string;
};

/** Per-route count, p50, p99 and errors (5xx or no answer); other statuses listed for the record. */
export function summarise(samples: Sample[]): RouteSummary[] {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample]);
  return [...byRoute.entries()].map(([route, list]) => {
    const times = list.map((s) => s.ms).sort((a, b) => a - b);
    const statusCounts = new Map<number, number>();
    for (const s of list) statusCounts.set(s.status, (statusCounts.get(s.status) ?? 0) + 1);
    return {
      route,
      count: list.length,
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p99: Math.round(percentile(times, 99) * 10) / 10,
      errors: list.filter((s) => s.status === 0 || s.status >= 500).length,
      statuses: [...statusCounts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
    };
  });
}

export const shippingInfo = {
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
};

/** Registers and logs in a shopper from their own (forwarded) address, as behind a load balancer. */
export async function newShopper(base: string, n: number, run: string) {
  const ip = `10.${50 + Math.floor(n / 60000)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const email = `shopper-${run}-${n}@example.in`;
  const password = 'a long enough password';
  const mobile = `9${String(100_000_000 + ((n * 7919 + Number(run.slice(-4))) % 899_999_999)).slice(-9)}`;
  const registered = await call(undefined, 'register', base, 'POST', '/api/user/register', {
    ip,
    body: { firstname: 'Load', lastname: `Shopper${n}`, email, mobile, password },
  });
  if (registered.status !== 201)
    throw new Error(`register ${n}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call(undefined, 'login', base, 'POST', '/api/user/login', {
    ip,
    body: { email, password },
  });
  if (login.status !== 200) throw new Error(`login ${n}: ${login.status}`);
  return { ip, token: login.body.token as string };
}

/** Checkout -> test-gateway approval -> verification -> order, timing each step. */
export async function buyCart(
  samples: Sample[] | undefined,
  base: string,
  shopper: { token: string; ip: string },
  approved?: (paymentId: string) => void,
): Promise<'ordered' | 'sold-out' | 'cart-refused' | 'failed'> {
  const checkout = await call(samples, 'checkout', base, 'POST', '/api/user/order/checkout', {
    token: shopper.token,
    ip: shopper.ip,
    body: { amount: 1, shippingInfo },
  });
  // A cart wanting more than is left (or than others are not already paying for) is refused
  // before payment, with a message naming the product: 409, or 400 over the per-order limits.
  if (checkout.status === 400 || checkout.status === 409) return 'cart-refused';
  if (checkout.status !== 200) return 'failed';
  const orderId = checkout.body.order.id as string;
  const pay = await call(
    samples,
    'gateway-pay',
    base,
    'POST',
    `/api/payments/test-gateway/orders/${orderId}/pay`,
    {
      body: { method: 'upi' },
    },
  );
  if (pay.status !== 200) return 'failed';
  approved?.(pay.body.razorpay_payment_id);
  const verify = await call(samples, 'verify', base, 'POST', '/api/user/order/paymentVerification', {
    token: shopper.token,
    ip: shopper.ip,
    body: {
      orderCreationId: orderId,
      razorpayOrderId: orderId,
      razorpayPaymentId: pay.body.razorpay_payment_id,
      razorpaySignature: pay.body.razorpay_signature,
    },
  });
  if (verify.status !== 200) return 'failed';
  const order = await call(samples, 'create-order', base, 'POST', '/api/user/cart/create-order', {
    token: shopper.token,
    ip: shopper.ip,
    body: {
      shippingInfo,
      paymentInfo: { razorpayOrderId: orderId, razorpayPaymentId: pay.body.razorpay_payment_id },
    },
  });
  if (order.status === 200) return 'ordered';
  if (order.status === 409) return 'sold-out';
  return 'failed';
}

export type Query = <T>(text: string) => Promise<T[]>;
export type StockSnapshot = Map<string, { quantity: number; sold: number }>;

export async function stockSnapshot(query: Query): Promise<StockSnapshot> {
  const rows = await query<{ id: string; quantity: number; sold: number }>(
    'select id, quantity, sold from products',
  );
  return new Map(rows.map((row) => [row.id, { quantity: Number(row.quantity), sold: Number(row.sold) }]));
}

/**
 * The books after a run: no stock created or lost (quantity + sold unchanged per product), stock
 * moved exactly by what orders hold, and every approved payment settled once: an order, or a refund (or, for an authorization never captured, its release).
 */
export async function checkBooks(query: Query, before: StockSnapshot) {
  const after = await stockSnapshot(query);
  const ordered = new Map(
    (
      await query<{ product_id: string; n: number }>(
        'select product_id, sum(quantity)::int as n from order_lines group by product_id',
      )
    ).map((row) => [row.product_id, Number(row.n)]),
  );
  const problems: string[] = [];
  for (const [id, start] of before) {
    const end = after.get(id)!;
    if (end.quantity < 0) problems.push(`product ${id} below zero`);
    if (end.quantity + end.sold !== start.quantity + start.sold)
      problems.push(`product ${id} stock created or lost`);
    if (end.sold - start.sold !== (ordered.get(id) ?? 0))
      problems.push(`product ${id} sold differs from orders`);
  }
  const [payments] = await query<{ approved: number; ordered: number; refunded: number; unsettled: number }>(`
    select count(*)::int as approved,
      count(*) filter (where o.id is not null)::int as ordered,
      count(*) filter (where o.id is null and (p.amount_refunded > 0 or p.status = 'refunded' or c.status = 'refunded'))::int as refunded,
      count(*) filter (where o.id is null and p.amount_refunded = 0 and p.status <> 'refunded' and c.status is distinct from 'refunded')::int as unsettled
    from test_gateway_payments p
    left join checkouts c on c.provider_order_id = p.order_id
    left join orders o on o.checkout_id = c.id
    where p.status in ('authorized', 'captured', 'refunded')`);
  const [duplicates] = await query<{ n: number }>(
    'select count(*)::int as n from (select checkout_id from orders group by checkout_id having count(*) > 1) d',
  );
  const [orderCount] = await query<{ n: number }>('select count(*)::int as n from orders');
  const [badTotals] = await query<{ n: number }>(`
    select count(*)::int as n from orders o
    where o.total_price_paise <> (select sum(l.quantity * l.price_paise) from order_lines l where l.order_id = o.id)`);
  if (Number(payments!.unsettled) > 0)
    problems.push(`${payments!.unsettled} approved payments without order or refund`);
  if (Number(duplicates!.n) > 0) problems.push(`${duplicates!.n} checkouts with more than one order`);
  if (Number(badTotals!.n) > 0) problems.push(`${badTotals!.n} orders whose total differs from their lines`);
  return {
    orders: Number(orderCount!.n),
    approvedPayments: Number(payments!.approved),
    paymentsWithOrder: Number(payments!.ordered),
    paymentsRefunded: Number(payments!.refunded),
    unsettled: Number(payments!.unsettled),
    problems,
  };
}

export function pgQuery(url: string): { query: Query; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    close: () => pool.end(),
  };
}
