import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** DELIVERY_FEE and FREE_DELIVERY_FROM: the fee below the threshold, in rupees. */
describe('delivery settings', () => {
  it('default to ₹49 below ₹500, as the footer promises; empty means unset', () => {
    expect(loadConfig({}).delivery).toEqual({ feePaise: 4900, freeFromPaise: 50000 });
    expect(loadConfig({ DELIVERY_FEE: '', FREE_DELIVERY_FROM: ' ' }).delivery).toEqual({
      feePaise: 4900,
      freeFromPaise: 50000,
    });
  });

  it('read whole rupees; a fee of 0 is always free', () => {
    expect(loadConfig({ DELIVERY_FEE: '0', FREE_DELIVERY_FROM: '999' }).delivery).toEqual({
      feePaise: 0,
      freeFromPaise: 99900,
    });
  });

  it.each(['-1', '49.50', 'forty', '100001'])('refuse %j with one clear line', (value) => {
    expect(() => loadConfig({ DELIVERY_FEE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DELIVERY_FEE: value })).toThrow(
      'Invalid configuration: DELIVERY_FEE: DELIVERY_FEE must be whole rupees from 0 to 100000',
    );
  });
});
