import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('shipping settings', () => {
  it('default to the test courier, the cheapest courier and a 1.5 s wait for live rates', () => {
    expect(loadConfig({}).shipping).toEqual({
      provider: 'test',
      courierRule: { kind: 'cheapest' },
      liveRateTimeoutMs: 1500,
    });
    expect(
      loadConfig({
        SHIPPING_PROVIDER: 'test',
        SHIPPING_COURIER_RULE: 'preferred:TC Express',
        SHIPPING_LIVE_RATE_TIMEOUT_MS: '800',
      }).shipping,
    ).toEqual({
      provider: 'test',
      courierRule: { kind: 'preferred', couriers: ['TC Express'] },
      liveRateTimeoutMs: 800,
    });
  });

  it('refuse a provider or rule they do not know, with one clear line', () => {
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'shiprocket' })).toThrow(
      "Invalid configuration: SHIPPING_PROVIDER: SHIPPING_PROVIDER must be 'test' (the built-in test courier)",
    );
    expect(() => loadConfig({ SHIPPING_COURIER_RULE: 'random' })).toThrow(/SHIPPING_COURIER_RULE must be/);
    expect(() => loadConfig({ SHIPPING_LIVE_RATE_TIMEOUT_MS: 'soon' })).toThrow(
      /SHIPPING_LIVE_RATE_TIMEOUT_MS must be a number of milliseconds/,
    );
    expect(() => loadConfig({ SHIPPING_LIVE_RATE_TIMEOUT_MS: '20000' })).toThrow(
      /SHIPPING_LIVE_RATE_TIMEOUT_MS must be at most 10000/,
    );
  });
});
