import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('puts zod in jitless mode without importing it, for zod loaded afterwards', async () => {
    await import('./zod-config');
    const z = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
  });
});
