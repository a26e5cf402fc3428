import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const shiprocket = {
  SHIPPING_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: 'api-user@shop.example',
  SHIPROCKET_PASSWORD: 'a password',
  SHIPROCKET_WEBHOOK_TOKEN: 'a-long-enough-webhook-token',
  SHIPROCKET_PICKUP_LOCATION: 'Bengaluru warehouse',
};

describe('shipping settings', () => {
  it('default to the test courier and the cheapest courier', () => {
    expect(loadConfig({}).shipping).toEqual({ provider: 'test', courierRule: { kind: 'cheapest' } });
    expect(
      loadConfig({ SHIPPING_PROVIDER: 'test', SHIPPING_COURIER_RULE: 'preferred:TC Express' }).shipping,
    ).toEqual({ provider: 'test', courierRule: { kind: 'preferred', couriers: ['TC Express'] } });
  });

  it('refuse a provider or rule they do not know, with one clear line', () => {
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'delhivery' })).toThrow(
      "Invalid configuration: SHIPPING_PROVIDER: SHIPPING_PROVIDER must be 'test' (the built-in test courier) or 'shiprocket'",
    );
    expect(() => loadConfig({ SHIPPING_COURIER_RULE: 'random' })).toThrow(/SHIPPING_COURIER_RULE must be/);
  });

  it('take Shiprocket with its login, webhook token and pickup location; its API address is optional', () => {
    expect(loadConfig(shiprocket).shipping).toEqual({
      provider: 'shiprocket',
      courierRule: { kind: 'cheapest' },
      shiprocket: {
        email: 'api-user@shop.example',
        password: 'a password',
        webhookToken: 'a-long-enough-webhook-token',
        pickupLocation: 'Bengaluru warehouse',
        apiUrl: undefined,
      },
    });
    const local = loadConfig({ ...shiprocket, SHIPROCKET_API_URL: 'http://127.0.0.1:9999/v1/external' });
    expect(local.shipping).toMatchObject({ shiprocket: { apiUrl: 'http://127.0.0.1:9999/v1/external' } });
    // Without SHIPPING_PROVIDER=shiprocket the settings are read but the test courier books.
    expect(loadConfig({ ...shiprocket, SHIPPING_PROVIDER: '' }).shipping.provider).toBe('test');
  });

  it('refuse to start with Shiprocket chosen and a setting it needs missing, naming it', () => {
    for (const key of [
      'SHIPROCKET_EMAIL',
      'SHIPROCKET_PASSWORD',
      'SHIPROCKET_WEBHOOK_TOKEN',
      'SHIPROCKET_PICKUP_LOCATION',
    ] as const) {
      expect(() => loadConfig({ ...shiprocket, [key]: '' })).toThrow(
        new RegExp(`^Invalid configuration: ${key}: SHIPPING_PROVIDER=shiprocket needs ${key}: `),
      );
    }
    expect(() => loadConfig({ ...shiprocket, SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toThrow(
      'Invalid configuration: SHIPROCKET_WEBHOOK_TOKEN: SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters',
    );
    expect(() => loadConfig({ ...shiprocket, SHIPROCKET_API_URL: 'not a url' })).toThrow(
      'Invalid configuration: SHIPROCKET_API_URL: SHIPROCKET_API_URL must be a URL',
    );
  });
});
