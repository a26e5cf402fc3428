import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales, translatedLocales } from '../../shared/locales.js';
import { topicLabels } from '../../shared/schemas/grievance-topics.js';
import { MESSAGES_DIR, readCatalogue } from './catalogues.js';
import { translator } from './translator.js';

/**
 * The missing-key check (decision 052): every language has every message English has and no
 * other, each parses as ICU and uses the same variables as the English, and every key the server
 * names exists. A language added to shared/locales.ts without its catalogues fails here first.
 */

const SERVER_DIR = path.resolve(MESSAGES_DIR, '../..');

type Variable = { name: string; type: string };

/** The variables a compiled message uses, with their kind (plain, plural, select), nested ones too. */
function variablesOf(message: CompiledMessage, found = new Map<string, string>()): Map<string, string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.set(name, type ?? 'text');
    if (format && typeof format === 'object') {
      for (const [choice, nested] of Object.entries(format as Record<string, unknown>)) {
        if (choice !== 'offset' && Array.isArray(nested)) variablesOf(nested as CompiledMessage, found);
      }
    }
  }
  return found;
}

const sorted = (vars: Map<string, string>): Variable[] =>
  [...vars].map(([name, type]) => ({ name, type })).sort((a, b) => a.name.localeCompare(b.name));

const catalogues = Object.fromEntries(locales.map((locale) => [locale, readCatalogue(locale)]));
const english = catalogues[defaultLocale]!;
const areas = Object.keys(english);
const englishKeys = areas.flatMap((area) => Object.keys(english[area]!).map((key) => `${area}.${key}`));

/** The server's source files, tests and the catalogues' own module aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Keys named in the code: `t('orders.shipped.subject')`, keys chosen by a condition in the call
 * (`t(cod ? 'orders.breakup.toPayOnDelivery' : 'orders.breakup.totalPaid')`), and those given to
 * htmlMessage (`htmlMessage(t, 'orders.addressCheck.unreadable', ...)`): the quoted strings of the
 * message argument.
 */
function keysUsed(): Map<string, string[]> {
  const calls = /\bt\(\s*([^,)]*)|\bhtmlMessage\(\s*t,\s*([^,)]*)/g;
  const literal = /['"`]([a-z][\w-]*\.[A-Za-z][\w.-]*)['"`]/g;
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER_DIR)) {
    const source = readFileSync(file, 'utf8');
    for (const call of source.matchAll(calls)) {
      for (const match of (call[1] ?? call[2] ?? '').matchAll(literal)) {
        const key = match[1]!;
        used.set(key, [...(used.get(key) ?? []), path.relative(SERVER_DIR, file)]);
      }
    }
  }
  return used;
}

describe('the server message catalogues', () => {
  it('has every language of shared/locales.ts, with the same area files', () => {
    expect(readdirSync(MESSAGES_DIR).sort()).toEqual([...locales].sort());
    for (const locale of translatedLocales)
      expect(Object.keys(catalogues[locale]!).sort()).toEqual(areas.sort());
  });

  it.each(translatedLocales)('%s has every English key, and none English lacks', (locale) => {
    for (const area of areas) {
      const theirs = Object.keys(catalogues[locale]![area] ?? {}).sort();
      const ours = Object.keys(english[area]!).sort();
      expect({ area, missing: ours.filter((k) => !theirs.includes(k)) }).toEqual({ area, missing: [] });
      expect({ area, extra: theirs.filter((k) => !ours.includes(k)) }).toEqual({ area, extra: [] });
    }
  });

  it.each(locales)('%s: every message parses as ICU and uses the same variables as the English', (locale) => {
    for (const area of areas) {
      for (const [key, message] of Object.entries(catalogues[locale]![area]!)) {
        const compiled = compileMessageOrThrow(message);
        const englishVars = variablesOf(compileMessageOrThrow(english[area]![key]!));
        expect({ key: `${area}.${key}`, vars: sorted(variablesOf(compiled)) }).toEqual({
          key: `${area}.${key}`,
          vars: sorted(englishVars),
        });
      }
    }
  });

  it.each(translatedLocales)('%s is translated: no message left as the English words', (locale) => {
    // A signature is the shop's name in every language.
    const same = new Set(['email.signature']);
    const untranslated = englishKeys.filter((key) => {
      const [area, ...rest] = key.split('.');
      return (
        !same.has(key) && catalogues[locale]![area!]![rest.join('.')] === english[area!]![rest.join('.')]
      );
    });
    expect(untranslated).toEqual([]);
  });

  it('has every key the server code names, and names every key it has', () => {
    const used = keysUsed();
    // The scan itself must find the keys (a broken pattern would pass everything).
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used]
      .filter(([key]) => !englishKeys.includes(key))
      .map(([key, files]) => `${key} (${files})`);
    expect(missing).toEqual([]);
    expect(englishKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it("words the tickets' topics as the complaints form does (shared/schemas/grievance-topics.ts)", () => {
    const { t } = translator('en');
    for (const [kind, labels] of Object.entries(topicLabels)) {
      for (const [topic, label] of Object.entries(labels)) {
        const key = kind === 'grievance' ? 'support.topic.grievance' : 'support.topic.rights';
        expect(t(key, { topic: topic.replace(/-/g, '_') })).toBe(label);
      }
    }
  });

  it('falls back to English for a language it does not have, and refuses an unknown key', () => {
    expect(translator('fr').locale).toBe('en');
    expect(translator(null).t('orders.viewOrder')).toBe('View your order');
    expect(translator('hi').t('orders.viewOrder')).toBe('अपना ऑर्डर देखें');
    expect(() => translator('en').t('orders.noSuchMessage')).toThrow(/No message "orders.noSuchMessage"/);
  });

  it('writes dates in India time in each language, and amounts with Indian grouping in both', () => {
    const at = new Date('2026-12-04T20:00:00Z'); // 5 December, 1:30 am in India
    expect(translator('en').date(at, 'date')).toBe('5 December 2026');
    expect(translator('hi').date(at, 'date')).toBe('5 दिसंबर 2026');
    expect(translator('en').date(at, 'deadline')).toBe('Sat, 5 Dec, 1:30 am');
    expect(translator('hi').date(at, 'deadline')).toMatch(/^शनि, 5 दिस॰, 1:30/);
    expect(translator('hi').deliveryDay('2026-12-02')).toBe('बुध, 2 दिस॰');
    expect(translator('en').deliveryDay('2026-12-02')).toBe('Wed, 2 Dec');
    expect(translator('hi').t('orders.paymentRefund.subject', { amount: '₹1,23,456.00' })).toContain(
      '₹1,23,456.00',
    );
  });
});
