import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('shipping settings', () => {
  it('default to the test courier and the cheapest courier', () => {
    expect(loadConfig({}).shipping).toEqual({ provider: 'test', courierRule: { kind: 'cheapest' } });
    expect(
      loadConfig({ SHIPPING_PROVIDER: 'test', SHIPPING_COURIER_RULE: 'preferred:TC Express' }).shipping,
    ).toEqual({ provider: 'test', courierRule: { kind: 'preferred', couriers: ['TC Express'] } });
  });

  it('refuse a provider or rule they do not know, with one clear line', () => {
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'shiprocket' })).toThrow(
      "Invalid configuration: SHIPPING_PROVIDER: SHIPPING_PROVIDER must be 'test' (the built-in test courier)",
    );
    expect(() => loadConfig({ SHIPPING_COURIER_RULE: 'random' })).toThrow(/SHIPPING_COURIER_RULE must be/);
  });
});
