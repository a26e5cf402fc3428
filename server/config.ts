import path from 'node:path';
import { z } from 'zod';
import { gstinProblem, gstState } from '../shared/gst.js';
import { emptyAsUndefined, optionalUrl } from './env-values.js';
import { mediaStorageSetting } from './media-storage-setting.js';
import { MESSAGES_ENV, messagesSetting, messagesSettingsProblem } from './messages-setting.js';
import { REMINDERS_ENV, remindersSetting } from './reminders-setting.js';
import { SELLER_KEYS, sellerFrom } from './seller-setting.js';
import { SHIPPING_ENV, shippingSetting, shiprocketSettingsProblem } from './shipping-setting.js';

/**
 * Everything the server reads from the environment, validated once at start-up so that a bad value
 * stops the process with one clear line instead of failing later in some request.
 */

/** `scheme://host[:port]` exactly as a browser sends it in the Origin header (lower case, no path). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * An http(s) URL ending in /media: the storefront recognises the shop's own pictures (which have
 * smaller copies beside them for srcset) by that path, on this server or on a CDN mirroring it.
 */
function isMediaBase(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash &&
      /\/media\/?$/.test(url.pathname)
    );
  } catch {
    return false;
  }
}

/** postgres:// or postgresql:// with a host: what node-postgres connects to. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Whole rupees from 0 to ₹1,00,000 (a shop's delivery fee or free-delivery threshold). */
const rupeesSetting = (name: string, fallback: number) =>
  emptyAsUndefined.transform((value, ctx) => {
    if (value === undefined) return fallback;
    if (!/^\d{1,6}$/.test(value) || Number(value) > 100_000) {
      ctx.addIssue({ code: 'custom', message: `${name} must be whole rupees from 0 to 100000` });
      return z.NEVER;
    }
    return Number(value);
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('.data'),
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    // Streaming replicas of DATABASE_URL for read-only storefront queries (decision 032), comma-separated.
    DATABASE_READ_URLS: emptyAsUndefined.transform((value, ctx) => {
      const urls = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = urls.findIndex((url) => !isPostgresUrl(url));
      if (bad === -1) return urls;
      ctx.addIssue({
        code: 'custom',
        message: `DATABASE_READ_URLS must be comma-separated postgres:// URLs (entry ${bad + 1} is not one)`,
      });
      return z.NEVER;
    }),
    // A replica further behind the primary than this takes no reads until it catches up.
    DATABASE_READ_MAX_LAG_SECONDS: z.coerce
      .number({ message: 'DATABASE_READ_MAX_LAG_SECONDS must be a number' })
      .min(0.1, 'DATABASE_READ_MAX_LAG_SECONDS must be between 0.1 and 3600')
      .max(3600, 'DATABASE_READ_MAX_LAG_SECONDS must be between 0.1 and 3600')
      .default(10),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    // Origins whose pages may call the API from the browser (the original storefront client on a
    // site of its own), comma-separated; unset, only pages on this server's own origin can.
    CORS_ORIGINS: emptyAsUndefined.transform((value, ctx) => {
      const origins = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = origins.find((origin) => !isOrigin(origin));
      if (bad === undefined) return origins;
      ctx.addIssue({
        code: 'custom',
        message: `CORS_ORIGINS must be a comma-separated list of origins like https://shop.example.in ("${bad}" is not one)`,
      });
      return z.NEVER;
    }),
    // Base URL of product and blog pictures in API answers: a CDN copy of /media. Unset, PUBLIC_URL/media.
    MEDIA_URL: emptyAsUndefined.pipe(
      z
        .string()
        .refine(isMediaBase, {
          message: 'MEDIA_URL must be an http(s) URL ending in /media, like https://cdn.example.in/media',
        })
        .optional(),
    ),
    // Where uploaded and seeded pictures are kept: DATA_DIR/media (one server, or a shared volume) or
    // an S3-compatible bucket (several servers; decision 033).
    MEDIA_STORAGE: emptyAsUndefined.pipe(
      z.enum(['local', 's3'], { message: "MEDIA_STORAGE must be 'local' or 's3'" }).default('local'),
    ),
    S3_BUCKET: emptyAsUndefined.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          message: 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
        })
        .optional(),
    ),
    S3_REGION: emptyAsUndefined,
    S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
    S3_FORCE_PATH_STYLE: emptyAsUndefined.pipe(
      z
        .enum(['true', 'false', '1', '0'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
        .optional(),
    ),
    S3_ACCESS_KEY_ID: emptyAsUndefined,
    S3_SECRET_ACCESS_KEY: emptyAsUndefined,
    SMTP_URL: optionalUrl('SMTP_URL'),
    REDIS_URL: optionalUrl('REDIS_URL'),
    // Lets a scraper that is not on this machine (or comes through the proxy) read /metrics.
    METRICS_TOKEN: emptyAsUndefined.pipe(
      z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
    ),
    RAZORPAY_KEY_ID: emptyAsUndefined,
    RAZORPAY_KEY_SECRET: emptyAsUndefined,
    RAZORPAY_WEBHOOK_SECRET: emptyAsUndefined,
    RAZORPAY_API_BASE: optionalUrl('RAZORPAY_API_BASE'),
    // Who takes payments; unset, Razorpay when its keys are set, else the test gateway on loopback only.
    PAYMENT_PROVIDER: emptyAsUndefined.pipe(
      z.enum(['razorpay', 'test'], { message: "PAYMENT_PROVIDER must be 'razorpay' or 'test'" }).optional(),
    ),
    // Who books parcels (the test courier or Shiprocket, with its settings) and how a courier is chosen.
    ...SHIPPING_ENV,
    // Price drops, cart reminders and the daily cap of offer messages (decision 057).
    ...REMINDERS_ENV,
    // SMS and WhatsApp: providers, DLT, webhooks and the worker (decision 054).
    ...MESSAGES_ENV,
    // How long the built-in test gateway waits before sending its webhook (as Razorpay would).
    TEST_GATEWAY_WEBHOOK_DELAY_MS: z.coerce
      .number({ message: 'TEST_GATEWAY_WEBHOOK_DELAY_MS must be a number' })
      .int()
      .min(0)
      .default(3000),
    // How long catalogue reads (lists, facets, suggestions, product pages) stay in memory; 0 = off.
    CATALOG_CACHE_SECONDS: z.coerce
      .number({ message: 'CATALOG_CACHE_SECONDS must be a number' })
      .int()
      .min(0)
      .max(3600)
      .default(10),
    // How long a listed product's card is used in list pages (decision 024); 0 = every read.
    LIST_CARD_SECONDS: z.coerce
      .number({ message: 'LIST_CARD_SECONDS must be a number' })
      .int()
      .min(0)
      .max(300)
      .default(10),
    // How often pending checkouts are reconciled with the provider; 0 turns it off.
    RECONCILE_INTERVAL_SECONDS: z.coerce
      .number({ message: 'RECONCILE_INTERVAL_SECONDS must be a number' })
      .int()
      .min(0)
      .default(60),
    // Back-in-stock alerts (decision 056): how often the sweep looks for stock that came back, besides
    // the pass after each stock change; 0 turns both off (tests run their passes themselves).
    RESTOCK_ALERT_POLL_SECONDS: z.coerce
      .number({ message: 'RESTOCK_ALERT_POLL_SECONDS must be a number' })
      .int()
      .min(0)
      .max(3600)
      .default(60),
    // The e-mail outbox (decision 019): how often the worker looks for due messages besides being
    // woken by a new one; the pause after a first failed attempt, doubling up to the maximum; how
    // long it keeps trying; how long a claimed message is one server's; how long sent ones are kept.
    EMAIL_POLL_SECONDS: z.coerce
      .number({ message: 'EMAIL_POLL_SECONDS must be a number' })
      .min(0)
      .max(3600)
      .default(5),
    EMAIL_RETRY_FIRST_SECONDS: z.coerce
      .number({ message: 'EMAIL_RETRY_FIRST_SECONDS must be a number' })
      .min(0.01, 'EMAIL_RETRY_FIRST_SECONDS must be at least 0.01')
      .max(3600)
      .default(1),
    EMAIL_RETRY_MAX_SECONDS: z.coerce
      .number({ message: 'EMAIL_RETRY_MAX_SECONDS must be a number' })
      .min(0.01, 'EMAIL_RETRY_MAX_SECONDS must be at least 0.01')
      .max(86_400)
      .default(300),
    EMAIL_GIVE_UP_HOURS: z.coerce
      .number({ message: 'EMAIL_GIVE_UP_HOURS must be a number' })
      .positive('EMAIL_GIVE_UP_HOURS must be more than 0')
      .max(720)
      .default(72),
    EMAIL_LEASE_SECONDS: z.coerce
      .number({ message: 'EMAIL_LEASE_SECONDS must be a number' })
      .min(0.1, 'EMAIL_LEASE_SECONDS must be at least 0.1')
      .max(3600)
      .default(120),
    EMAIL_KEEP_SENT_DAYS: z.coerce
      .number({ message: 'EMAIL_KEEP_SENT_DAYS must be a number' })
      .min(0)
      .max(365)
      .default(7),
    // Days after delivery in which a customer may ask for a return.
    RETURN_WINDOW_DAYS: z.coerce
      .number({ message: 'RETURN_WINDOW_DAYS must be a number' })
      .int('RETURN_WINDOW_DAYS must be a whole number')
      .min(0, 'RETURN_WINDOW_DAYS must be between 0 and 90')
      .max(90, 'RETURN_WINDOW_DAYS must be between 0 and 90')
      .default(7),
    // How long a checkout holds its stock for the shopper to pay (decision 007).
    CHECKOUT_HOLD_MINUTES: z.coerce
      .number({ message: 'CHECKOUT_HOLD_MINUTES must be a number' })
      .int('CHECKOUT_HOLD_MINUTES must be a whole number')
      .min(1, 'CHECKOUT_HOLD_MINUTES must be between 1 and 120')
      .max(120, 'CHECKOUT_HOLD_MINUTES must be between 1 and 120')
      .default(15),
    // Delivery, in rupees, GST included: the fee below the threshold (0: always free),
    // and the items' value (after any coupon) from which delivery is free.
    DELIVERY_FEE: rupeesSetting('DELIVERY_FEE', 49),
    FREE_DELIVERY_FROM: rupeesSetting('FREE_DELIVERY_FROM', 500),
    // Cash on delivery: the largest order (rupees) paid in cash, 0 turning COD off; and
    // the minutes a customer has to confirm a COD order with its code before it lapses.
    COD_MAX_ORDER: rupeesSetting('COD_MAX_ORDER', 50_000),
    COD_CONFIRM_MINUTES: z.coerce
      .number({ message: 'COD_CONFIRM_MINUTES must be a number' })
      .int('COD_CONFIRM_MINUTES must be a whole number')
      .min(5, 'COD_CONFIRM_MINUTES must be between 5 and 1440')
      .max(1440, 'COD_CONFIRM_MINUTES must be between 5 and 1440')
      .default(30),
    // Days without a sign-in after which a customer's account is erased (warned by e-mail
    // 48 hours before); 0, the default, never erases. The DPDP Rules' Third Schedule sets 3 years
    // (1095 days) for e-commerce entities with 2 crore or more users; below that it is the shop's choice.
    INACTIVE_ACCOUNT_ERASE_DAYS: z.coerce
      .number({ message: 'INACTIVE_ACCOUNT_ERASE_DAYS must be a number' })
      .int('INACTIVE_ACCOUNT_ERASE_DAYS must be a whole number')
      .refine((days) => days === 0 || (days >= 30 && days <= 3650), {
        message: 'INACTIVE_ACCOUNT_ERASE_DAYS must be 0 (off) or between 30 and 3650',
      })
      .default(0),
    // Which proxies may set X-Forwarded-For: a hop count (1) or addresses/CIDRs ('10.0.0.0/8,127.0.0.1').
    // Unset, the client's own address counts, so nobody can dodge a rate limit by sending the header.
    TRUST_PROXY: emptyAsUndefined.pipe(
      z
        .string()
        .regex(/^(\d+|[\d.:a-fA-F/]+(,\s*[\d.:a-fA-F/]+)*)$/, {
          message: 'TRUST_PROXY must be a hop count or a comma-separated list of addresses',
        })
        .optional(),
    ),
    // The shop's first owner, created at start if no staff member has this e-mail (never changed after).
    ADMIN_EMAIL: emptyAsUndefined.pipe(
      z.string().trim().toLowerCase().email('ADMIN_EMAIL must be an e-mail address').optional(),
    ),
    ADMIN_PASSWORD: emptyAsUndefined.pipe(
      z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').max(128).optional(),
    ),
    // The seller on tax invoices: all four together; unset, the demo seller below.
    SELLER_LEGAL_NAME: emptyAsUndefined.pipe(
      z.string().max(120, 'SELLER_LEGAL_NAME is at most 120 characters').optional(),
    ),
    SELLER_ADDRESS: emptyAsUndefined.pipe(
      z.string().max(300, 'SELLER_ADDRESS is at most 300 characters').optional(),
    ),
    SELLER_STATE: emptyAsUndefined.pipe(
      z
        .string()
        .refine((value) => gstState(value) !== undefined, {
          message: 'SELLER_STATE must be an Indian state or union territory, like Karnataka',
        })
        .optional(),
    ),
    SELLER_GSTIN: emptyAsUndefined.pipe(z.string().toUpperCase().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_EMAIL'],
  })
  .refine((env) => env.DATABASE_READ_URLS.length === 0 || Boolean(env.DATABASE_URL), {
    message:
      'DATABASE_READ_URLS needs DATABASE_URL: replicas are read beside a PostgreSQL primary, not PGlite',
    path: ['DATABASE_READ_URLS'],
  })
  .refine((env) => Boolean(env.RAZORPAY_KEY_ID) === Boolean(env.RAZORPAY_KEY_SECRET), {
    message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    path: ['RAZORPAY_KEY_ID'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => env.MEDIA_STORAGE !== 's3' || env.S3_BUCKET, {
    message: 'MEDIA_STORAGE=s3 needs S3_BUCKET, the bucket the pictures go to',
    path: ['S3_BUCKET'],
  })
  .refine((env) => env.MEDIA_STORAGE !== 's3' || env.S3_REGION || env.S3_ENDPOINT, {
    message:
      "MEDIA_STORAGE=s3 needs S3_REGION (the bucket's AWS region, like ap-south-1), or S3_ENDPOINT for an S3-compatible service",
    path: ['S3_REGION'],
  })
  .superRefine(shiprocketSettingsProblem)
  .superRefine(messagesSettingsProblem)
  .superRefine((env, ctx) => {
    // Half a seller (a real GSTIN under the demo's name) would print a wrong invoice: all or none.
    const missing = SELLER_KEYS.filter((key) => !env[key]);
    if (missing.length > 0 && missing.length < SELLER_KEYS.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `${missing[0]} is missing: set SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE and SELLER_GSTIN together (the seller on tax invoices)`,
      });
      return;
    }
    const state = env.SELLER_STATE ? gstState(env.SELLER_STATE) : undefined;
    if (env.SELLER_GSTIN && state) {
      const problem = gstinProblem(env.SELLER_GSTIN, state.name);
      if (problem) ctx.addIssue({ code: 'custom', path: ['SELLER_GSTIN'], message: problem });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${key}: ${issue.message}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const paymentProvider = choosePaymentProvider(raw, publicUrl);
  if (raw.REMINDERS_TEST_HOOK === 'true' && !isLoopbackUrl(publicUrl))
    throw new ConfigError('Invalid configuration: REMINDERS_TEST_HOOK is for a shop on loopback only');
  return {
    env: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === 'production',
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: raw.DATABASE_URL,
    /** Read replicas of databaseUrl for the storefront's read-only queries (decision 032). */
    readReplicas: raw.DATABASE_READ_URLS.length
      ? { urls: raw.DATABASE_READ_URLS, maxLagSeconds: raw.DATABASE_READ_MAX_LAG_SECONDS }
      : undefined,
    publicUrl,
    smtpUrl: raw.SMTP_URL,
    redisUrl: raw.REDIS_URL,
    metricsToken: raw.METRICS_TOKEN,
    paymentProvider,
    // The test gateway deliberately on a public address: every page says no real payment is taken.
    testModeBanner: paymentProvider === 'test' && !isLoopbackUrl(publicUrl),
    // Only when Razorpay takes the payments: its keys alone do not open the CSP to its hosts.
    razorpay:
      paymentProvider === 'razorpay' && raw.RAZORPAY_KEY_ID && raw.RAZORPAY_KEY_SECRET
        ? {
            keyId: raw.RAZORPAY_KEY_ID,
            keySecret: raw.RAZORPAY_KEY_SECRET,
            webhookSecret: raw.RAZORPAY_WEBHOOK_SECRET,
            apiBase: raw.RAZORPAY_API_BASE ?? 'https://api.razorpay.com',
          }
        : undefined,
    testGatewayWebhookDelayMs: raw.TEST_GATEWAY_WEBHOOK_DELAY_MS,
    /** Couriers: the provider that books parcels and how a courier is chosen among its quotes. */
    shipping: shippingSetting(raw),
    reconcileIntervalSeconds: raw.RECONCILE_INTERVAL_SECONDS,
    restockAlertPollSeconds: raw.RESTOCK_ALERT_POLL_SECONDS,
    reminders: remindersSetting(raw),
    emailOutbox: {
      pollMs: raw.EMAIL_POLL_SECONDS * 1000,
      retryFirstMs: raw.EMAIL_RETRY_FIRST_SECONDS * 1000,
      retryMaxMs: Math.max(raw.EMAIL_RETRY_MAX_SECONDS, raw.EMAIL_RETRY_FIRST_SECONDS) * 1000,
      giveUpAfterMs: raw.EMAIL_GIVE_UP_HOURS * 3_600_000,
      leaseMs: raw.EMAIL_LEASE_SECONDS * 1000,
      keepSentMs: raw.EMAIL_KEEP_SENT_DAYS * 86_400_000,
    },
    /** SMS and WhatsApp: providers, DLT templates, webhooks' secrets, the worker (decision 054). */
    messages: messagesSetting(raw),
    checkoutHoldMinutes: raw.CHECKOUT_HOLD_MINUTES,
    /** Paise: the delivery fee below the threshold, and the threshold (items after the coupon). */
    delivery: { feePaise: raw.DELIVERY_FEE * 100, freeFromPaise: raw.FREE_DELIVERY_FROM * 100 },
    /** Days after delivery in which a customer may ask for a return (0: no returns). */
    returnWindowDays: raw.RETURN_WINDOW_DAYS,
    /** Cash on delivery: the largest order in paise (0: not offered); minutes to confirm one. */
    cashOnDelivery: { maxOrderPaise: raw.COD_MAX_ORDER * 100, confirmMinutes: raw.COD_CONFIRM_MINUTES },
    catalogCacheSeconds: raw.CATALOG_CACHE_SECONDS,
    /** Seconds a list page uses a product's card read earlier: how late lists may show stock. */
    listCardSeconds: raw.LIST_CARD_SECONDS,
    /** Days without use after which a customer's account is erased; 0: never. */
    inactiveAccountEraseDays: raw.INACTIVE_ACCOUNT_ERASE_DAYS,
    logLevel: raw.LOG_LEVEL,
    /** Who sells: printed on tax invoices; its state decides CGST + SGST or IGST. */
    seller: sellerFrom(raw),
    trustProxy: trustProxySetting(raw.TRUST_PROXY),
    corsOrigins: raw.CORS_ORIGINS,
    /** Absolute base of /media as clients should fetch it, without a trailing slash. */
    mediaUrl: raw.MEDIA_URL?.replace(/\/+$/, '') ?? `${publicUrl}/media`,
    mediaDir: path.join(dataDir, 'media'),
    /** Where pictures are written and read: the folder above, or a bucket (decision 033). */
    mediaStorage: mediaStorageSetting(raw, path.join(dataDir, 'media')),
    /** No MEDIA_URL while pictures are in a bucket: this server answers /media/ from the bucket. */
    mediaFromBucketThroughShop: raw.MEDIA_STORAGE === 's3' && !raw.MEDIA_URL,
    firstOwner:
      raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD
        ? { email: raw.ADMIN_EMAIL, password: raw.ADMIN_PASSWORD }
        : undefined,
  };
}

/**
 * Razorpay when its keys are set; the built-in test gateway (whose pay endpoint needs no login)
 * only on the developer's own machine, unless PAYMENT_PROVIDER=test says so. A shop deployed
 * without keys must not start and hand out goods for test payments.
 */
function choosePaymentProvider(
  raw: { PAYMENT_PROVIDER?: 'razorpay' | 'test' | undefined; RAZORPAY_KEY_ID?: string | undefined },
  publicUrl: string,
): 'razorpay' | 'test' {
  const hasKeys = Boolean(raw.RAZORPAY_KEY_ID); // the schema already insists on both or neither
  if (raw.PAYMENT_PROVIDER === 'test') return 'test';
  if (raw.PAYMENT_PROVIDER === 'razorpay') {
    if (!hasKeys)
      throw new ConfigError(
        'Invalid configuration: PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
      );
    return 'razorpay';
  }
  if (hasKeys) return 'razorpay';
  if (isLoopbackUrl(publicUrl)) return 'test';
  throw new ConfigError(
    `Invalid configuration: PAYMENT_PROVIDER: ${publicUrl} is a public address, so payments need Razorpay: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (or PAYMENT_PROVIDER=test to take only test payments there)`,
  );
}

/** localhost, *.localhost, 127.0.0.0/8 or ::1: an address only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  );
}

/** Fastify's trustProxy: off, a list of proxy addresses, or "the nearest N hops" as a function. */
function trustProxySetting(
  value: string | undefined,
): false | string | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
