import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
    expect(config.outboxDir).toMatch(/\.data\/outbox$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.razorpay).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', RAZORPAY_KEY_ID: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT: PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'not a url' }, 'Invalid configuration: DATABASE_URL: DATABASE_URL must be a URL'],
    [
      { RAZORPAY_KEY_ID: 'rzp_test_x' },
      'Invalid configuration: RAZORPAY_KEY_ID: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    ],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('trusts X-Forwarded-For only from the proxies it is told about', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });

  it('reads replicas beside a PostgreSQL primary only, with a lag bound of 10 s unless told', () => {
    expect(loadConfig({}).readReplicas).toBeUndefined();
    const primary = { DATABASE_URL: 'postgres://shop@db-primary:5432/shop' };
    expect(
      loadConfig({
        ...primary,
        DATABASE_READ_URLS: ' postgres://shop@db-r1:5432/shop, ,postgresql://shop@db-r2/shop ',
      }).readReplicas,
    ).toEqual({
      urls: ['postgres://shop@db-r1:5432/shop', 'postgresql://shop@db-r2/shop'],
      maxLagSeconds: 10,
    });
    expect(
      loadConfig({
        ...primary,
        DATABASE_READ_URLS: 'postgres://shop@db-r1/shop',
        DATABASE_READ_MAX_LAG_SECONDS: '2.5',
      }).readReplicas?.maxLagSeconds,
    ).toBe(2.5);
    expect(loadConfig({ ...primary, DATABASE_READ_URLS: '' }).readReplicas).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://shop@db-r1/shop' })).toThrow(
      'Invalid configuration: DATABASE_READ_URLS: DATABASE_READ_URLS needs DATABASE_URL',
    );
    expect(() =>
      loadConfig({ ...primary, DATABASE_READ_URLS: 'postgres://shop@db-r1/shop,db-r2:5432' }),
    ).toThrow('DATABASE_READ_URLS must be comma-separated postgres:// URLs (entry 2 is not one)');
    expect(() =>
      loadConfig({
        ...primary,
        DATABASE_READ_URLS: 'postgres://db-r1/shop',
        DATABASE_READ_MAX_LAG_SECONDS: '0',
      }),
    ).toThrow('DATABASE_READ_MAX_LAG_SECONDS must be between 0.1 and 3600');
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/', PAYMENT_PROVIDER: 'test' }).publicUrl).toBe(
      'https://shop.example.in',
    );
  });
});

describe('payment provider', () => {
  const keys = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' };
  const choice = (env: NodeJS.ProcessEnv) => {
    const config = loadConfig(env);
    return [config.paymentProvider, config.testModeBanner, Boolean(config.razorpay)];
  };

  it('takes test payments on a fresh clone (PUBLIC_URL defaults to localhost), with no banner', () => {
    expect(choice({})).toEqual(['test', false, false]);
    expect(choice({ NODE_ENV: 'production', PORT: '8080' })).toEqual(['test', false, false]);
  });

  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://shop.localhost:8080',
    'http://127.0.0.1:3100',
    'http://127.12.0.9',
    'http://[::1]:3000',
  ])('uses the test gateway by default on the loopback address %s', (url) => {
    expect(choice({ PUBLIC_URL: url })).toEqual(['test', false, false]);
  });

  it('uses Razorpay whenever its keys are set, on any address', () => {
    expect(choice({ ...keys })).toEqual(['razorpay', false, true]);
    expect(choice({ ...keys, PUBLIC_URL: 'https://shop.example.in' })).toEqual(['razorpay', false, true]);
    expect(choice({ ...keys, PAYMENT_PROVIDER: 'razorpay' })).toEqual(['razorpay', false, true]);
  });

  it.each([
    'https://shop.example.in',
    'http://192.168.1.20:3000',
    'http://10.0.0.5',
    'http://0.0.0.0:3000',
    'http://localhost.example.in',
    'http://127.0.0.1.nip.io',
    'http://[2001:db8::1]',
  ])('refuses to start without keys on the public address %s, naming the way out', (url) => {
    expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(
      `Invalid configuration: PAYMENT_PROVIDER: ${url} is a public address, so payments need Razorpay: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (or PAYMENT_PROVIDER=test to take only test payments there)`,
    );
  });

  it('takes test payments on a public address only when told, with the banner on', () => {
    expect(choice({ PUBLIC_URL: 'https://shop.example.in', PAYMENT_PROVIDER: 'test' })).toEqual([
      'test',
      true,
      false,
    ]);
    // Keys present but the test gateway asked for (a staging shop): Razorpay stays out, even of the CSP.
    expect(choice({ ...keys, PUBLIC_URL: 'https://staging.example.in', PAYMENT_PROVIDER: 'test' })).toEqual([
      'test',
      true,
      false,
    ]);
    expect(choice({ PAYMENT_PROVIDER: 'test' })).toEqual(['test', false, false]);
    expect(choice({ PAYMENT_PROVIDER: ' ' })).toEqual(['test', false, false]);
  });

  it.each([
    [
      { PAYMENT_PROVIDER: 'razorpay' },
      'Invalid configuration: PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    ],
    [
      { PAYMENT_PROVIDER: 'razorpay', PUBLIC_URL: 'https://shop.example.in' },
      'Invalid configuration: PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    ],
    [
      { PAYMENT_PROVIDER: 'stripe' },
      "Invalid configuration: PAYMENT_PROVIDER: PAYMENT_PROVIDER must be 'razorpay' or 'test'",
    ],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
