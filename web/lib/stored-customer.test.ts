import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearCustomer,
  forgetDevice,
  readToken,
  renderCookie,
  saveCustomer,
  syncRenderCookie,
} from './stored-customer';

/**
 * The render cookie follows the stored session (decision 027). A small stand-in for the browser's
 * cookie jar: `document.cookie` reads `name=value` pairs and takes one `Set-Cookie`-like line per
 * write, where Max-Age=0 deletes.
 */
let jar: Map<string, string>;
let written: string[];

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

function browser(protocol: string) {
  jar = new Map();
  written = [];
  const storage = memoryStorage();
  vi.stubGlobal('window', {
    localStorage: storage,
    location: { protocol },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (/Max-Age=0(;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  });
  return storage;
}

beforeEach(() => browser('http:'));
afterEach(() => vi.unstubAllGlobals());

describe('the render cookie', () => {
  it('is written with the token at login, for the whole site, same-site only, for 30 days', () => {
    saveCustomer({ _id: 'c1', token: 'token-one' });
    expect(jar.get(renderCookie)).toBe('token-one');
    expect(written.at(-1)).toBe(`${renderCookie}=token-one; Path=/; Max-Age=2592000; SameSite=Strict`);
  });

  it('is Secure on https', () => {
    browser('https:');
    saveCustomer({ _id: 'c1', token: 'token-one' });
    expect(written.at(-1)).toMatch(/; SameSite=Strict; Secure$/);
  });

  it('goes when the session goes: cleared, or the device forgotten at logout', () => {
    saveCustomer({ _id: 'c1', token: 'token-one' });
    clearCustomer();
    expect(jar.has(renderCookie)).toBe(false);
    expect(readToken()).toBeNull();

    const storage = browser('http:');
    saveCustomer({ _id: 'c1', token: 'token-one' });
    storage.setItem('address', '{"pin":"560103"}');
    forgetDevice();
    expect(jar.has(renderCookie)).toBe(false);
    expect(storage.length).toBe(0);
  });

  it('is brought in line with the stored session at each start', () => {
    // A session saved before the cookie existed.
    const storage = browser('http:');
    storage.setItem('customer', JSON.stringify({ _id: 'c1', token: 'token-one' }));
    syncRenderCookie();
    expect(jar.get(renderCookie)).toBe('token-one');
    // Nothing to do when they agree.
    const writes = written.length;
    syncRenderCookie();
    expect(written.length).toBe(writes);
    // Another account signed in elsewhere (a cookie of an older token), then a cookie with no session.
    jar.set(renderCookie, 'token-old');
    syncRenderCookie();
    expect(jar.get(renderCookie)).toBe('token-one');
    storage.clear();
    syncRenderCookie();
    expect(jar.has(renderCookie)).toBe(false);
  });
});
