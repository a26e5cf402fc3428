import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The real entry point in its own process, as `npm start` runs it: what it prints and how it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(RAZORPAY_|PAYMENT_PROVIDER|PUBLIC_URL|DATABASE_URL|PORT$)/.test(key),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...clean, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: '.data/test-main', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

// The child is started without DATABASE_URL, so the PostgreSQL pass would repeat the PGlite pass.
describe.skipIf(process.env.DATABASE_URL)('start-up', () => {
  it('refuses to take test payments on a public address, in one line naming the fix', async () => {
    const { code, stderr } = await start({ PUBLIC_URL: 'https://shop.example.in', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PAYMENT_PROVIDER: https://shop.example.in is a public address, so payments need Razorpay: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (or PAYMENT_PROVIDER=test to take only test payments there)',
    ]);
  });

  it('refuses PAYMENT_PROVIDER=razorpay without keys', async () => {
    const { code, stderr } = await start({ PAYMENT_PROVIDER: 'razorpay', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration: PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    );
  });
});
