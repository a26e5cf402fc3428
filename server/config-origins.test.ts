import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** CORS_ORIGINS and MEDIA_URL: the settings for clients and pictures on other origins. */
describe('CORS_ORIGINS', () => {
  it('is empty by default: same origin only', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' ' }).corsOrigins).toEqual([]);
  });

  it('reads a comma-separated list of origins', () => {
    expect(
      loadConfig({
        CORS_ORIGINS: 'https://shop.example.in, http://localhost:5173,,https://m.example.in:8443',
      }).corsOrigins,
    ).toEqual(['https://shop.example.in', 'http://localhost:5173', 'https://m.example.in:8443']);
  });

  it.each([
    '*',
    'shop.example.in',
    'https://shop.example.in/',
    'https://shop.example.in/app',
    'https://Shop.example.in',
    'https://shop.example.in:443',
    'https://shop.example.in?x=1',
    'ftp://shop.example.in',
    'null',
    'https://shop.example.in https://m.example.in',
  ])('refuses %j with one clear line', (entry) => {
    const env = { CORS_ORIGINS: `https://ok.example.in,${entry}` };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      `Invalid configuration: CORS_ORIGINS: CORS_ORIGINS must be a comma-separated list of origins like https://shop.example.in ("${entry.trim()}" is not one)`,
    );
  });
});

describe('MEDIA_URL', () => {
  it('defaults to PUBLIC_URL/media', () => {
    expect(loadConfig({}).mediaUrl).toBe('http://localhost:3000/media');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/', PAYMENT_PROVIDER: 'test' }).mediaUrl).toBe(
      'https://shop.example.in/media',
    );
  });

  it('takes a CDN copy of /media, without a trailing slash', () => {
    expect(loadConfig({ MEDIA_URL: 'https://cdn.example.in/media/' }).mediaUrl).toBe(
      'https://cdn.example.in/media',
    );
    expect(loadConfig({ MEDIA_URL: 'https://cdn.example.in/shop/media' }).mediaUrl).toBe(
      'https://cdn.example.in/shop/media',
    );
  });

  it.each([
    'cdn.example.in/media',
    'https://cdn.example.in',
    'https://cdn.example.in/images',
    'https://cdn.example.in/media?v=1',
    'https://user:pass@cdn.example.in/media',
    'ftp://cdn.example.in/media',
    'javascript:alert(1)//media',
  ])('refuses %j with one clear line', (value) => {
    expect(() => loadConfig({ MEDIA_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_URL: value })).toThrow(
      'Invalid configuration: MEDIA_URL: MEDIA_URL must be an http(s) URL ending in /media, like https://cdn.example.in/media',
    );
  });
});
