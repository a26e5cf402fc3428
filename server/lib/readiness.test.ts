import { describe, expect, it, vi } from 'vitest';
import { createReadiness } from './readiness.js';

describe('readiness', () => {
  it('is pending while warming, and ready once the work is done', async () => {
    const log = { warn: vi.fn() };
    const readiness = createReadiness(log);
    let finish!: () => void;
    const waited = readiness.wait('catalogue', new Promise<void>((resolve) => (finish = resolve)));
    expect(readiness.pending()).toEqual(['catalogue']);
    finish();
    await waited;
    expect(readiness.pending()).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('becomes ready with a warning when the work fails, rather than never', async () => {
    const log = { warn: vi.fn() };
    const readiness = createReadiness(log);
    await readiness.wait('catalogue', Promise.reject(new Error('unreadable')));
    expect(readiness.pending()).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ warming: 'catalogue' }),
      'warming up failed: answering from the database',
    );
  });

  it('stops waiting for work that overruns its time', async () => {
    const log = { warn: vi.fn() };
    const readiness = createReadiness(log);
    await readiness.wait('catalogue', new Promise(() => {}), { timeoutMs: 20 });
    expect(readiness.pending()).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      { warming: 'catalogue', timeoutMs: 20 },
      'still warming up: ready anyway, answering from the database until it is done',
    );
  });
});
