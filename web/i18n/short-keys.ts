import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Shorter message keys in the browser build. A key such as `checkout.summary.total` travels twice
 * in every first load, in the code that asks for it and in the catalogue that answers it; the build
 * writes both as a short id instead (`a7`), which takes about 1.5 KB gzipped off a page. Only keys
 * the code names whole, in a literal, are renamed. Keys it puts together at run time keep their
 * names: every key under a prefix a template literal builds (`grievances.kind.${kind}`), and the
 * areas whose keys are made from the server's English words (`errors`, `order-timeline`:
 * web/i18n/errors.ts, features/checkout/api-messages.ts).
 */
const computedAreas = ['errors.', 'order-timeline.'];

const sourceFile = /\.(ts|tsx)$/;
/** A template literal that builds a key: `grievances.kind.${...}`. */
const builtKey = /`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;
/** A string literal that may be a key. */
export const keyLiteral = /(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : sourceFiles(path);
    return sourceFile.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** What the storefront's code says about keys: the prefixes it builds keys under, the literals it names. */
export function keyUses(webDir: string): { builtPrefixes: string[]; literals: Set<string> } {
  const builtPrefixes = new Set<string>(computedAreas);
  const literals = new Set<string>();
  for (const file of sourceFiles(webDir)) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(builtKey)) builtPrefixes.add(match[1]!);
    for (const match of code.matchAll(keyLiteral)) literals.add(match[2]!);
  }
  return { builtPrefixes: [...builtPrefixes], literals };
}

function shortId(index: number): string {
  // A letter first: never a number, never a key's shape (no dot).
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return letters[index % 26]! + (index >= 26 ? Math.floor(index / 26 - 1).toString(36) : '');
}

/** Every English key that may be renamed, and its short id; the same for every build of one tree. */
export function shortKeyTable(webDir: string): Map<string, string> {
  const { builtPrefixes, literals } = keyUses(webDir);
  const catalogues = join(webDir, 'i18n', 'messages', 'en');
  const keys = readdirSync(catalogues)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => Object.keys(JSON.parse(readFileSync(join(catalogues, name), 'utf8')) as object))
    .filter((key) => literals.has(key) && !builtPrefixes.some((prefix) => key.startsWith(prefix)))
    .sort();
  return new Map(keys.map((key, index) => [key, shortId(index)]));
}

/** Source code with every literal that is a renamed key written as its id. */
export function shortenKeyLiterals(code: string, table: Map<string, string>): string {
  return code.replace(keyLiteral, (literal, quote: string, key: string) => {
    const id = table.get(key);
    return id === undefined ? literal : `${quote}${id}${quote}`;
  });
}
