import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';
import { parseSync } from 'vite';
import { defaultLocale, locales } from '../shared/locales';

/**
 * The storefront's words, checked by `npm run lint` and `npm test`:
 * - every catalogue (web/i18n/messages/<locale>/<area>.json) exists in every language with the
 *   same keys, each message parses as ICU and uses the same variables and tags in each language;
 * - every key the code asks for (`t('...')`, `<Trans id="...">`) is in the catalogues;
 * - no words the shopper reads are written in the code: JSX text, and literal `aria-label`,
 *   `placeholder`, `title`, `alt` or `label` attributes with letters in them, outside the files
 *   still listed in `UNTRANSLATED` (which only shrinks).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const messagesDir = 'web/i18n/messages';

/** Storefront files whose words are not in the catalogues yet; the list only shrinks. */
export const UNTRANSLATED: readonly string[] = JSON.parse(
  readFileSync(join(root, 'scripts/i18n-untranslated.json'), 'utf8'),
) as string[];

/** Words that are the same in every language: the shop's name, brand names, symbols. */
const UNIVERSAL = /^(Bharat|Bazaar|Bharat Bazaar|EMI|UPI|GST|COD|OTP|PIN|AWB|₹|×|·|—|–|\/|:|\||%|\+|-)$/;

type Catalogues = Record<string, Record<string, Record<string, string>>>;

export function readCatalogues(): Catalogues {
  const catalogues: Catalogues = {};
  for (const locale of readdirSync(join(root, messagesDir))) {
    catalogues[locale] = {};
    for (const file of readdirSync(join(root, messagesDir, locale))) {
      if (!file.endsWith('.json')) continue;
      catalogues[locale]![file.replace(/\.json$/, '')] = JSON.parse(
        readFileSync(join(root, messagesDir, locale, file), 'utf8'),
      );
    }
  }
  return catalogues;
}

/** The variables and tags a message uses: `{count}`, `{name}`, `<0>`. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  // Lingui's compiled form: text parts are strings, a variable is [name, format?, options?], and a
  // plural's or select's options are part lists again.
  const parts = (value: unknown) => {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (Array.isArray(part)) {
        found.add(`{${part[0]}}`);
        const options = part[2];
        if (options && typeof options === 'object')
          for (const option of Object.values(options)) parts(option);
      }
    }
  };
  parts(compileMessage(message));
  return [...found].sort();
}

export function catalogueProblems(catalogues: Catalogues): string[] {
  const problems: string[] = [];
  const source = catalogues[defaultLocale] ?? {};
  for (const locale of locales) {
    if (!catalogues[locale]) problems.push(`${messagesDir}/${locale}/ is missing`);
  }
  for (const locale of Object.keys(catalogues)) {
    if (!(locales as readonly string[]).includes(locale))
      problems.push(`${messagesDir}/${locale}/ is no shop language`);
  }
  const areas = new Set(locales.flatMap((locale) => Object.keys(catalogues[locale] ?? {})));
  for (const area of areas) {
    for (const locale of locales) {
      const messages = catalogues[locale]?.[area];
      if (!messages) {
        problems.push(`${messagesDir}/${locale}/${area}.json is missing`);
        continue;
      }
      for (const [key, message] of Object.entries(messages)) {
        if (!key.startsWith(`${area}.`))
          problems.push(`${locale}/${area}: "${key}" must start with "${area}."`);
        try {
          compileMessage(message);
        } catch (error) {
          problems.push(`${locale}/${area}: "${key}" is not ICU: ${(error as Error).message}`);
          continue;
        }
        if (locale === defaultLocale) continue;
        const english = source[area]?.[key];
        if (english === undefined) {
          problems.push(`${locale}/${area}: "${key}" is not in English`);
        } else if (placeholders(english).join() !== placeholders(message).join()) {
          problems.push(
            `${locale}/${area}: "${key}" uses ${placeholders(message).join(' ') || 'nothing'}, English ${placeholders(english).join(' ') || 'nothing'}`,
          );
        }
      }
      if (locale !== defaultLocale) {
        for (const key of Object.keys(source[area] ?? {})) {
          if (!(key in messages)) problems.push(`${locale}/${area}: "${key}" is missing`);
        }
      }
    }
  }
  return problems;
}

export type SourceFile = { path: string; source: string };

/** The storefront's source files (not the console's, not tests). */
export function storefrontFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        // The console stays English; policy texts are content, a file per language.
        if (!['web/admin', 'web/i18n/messages', 'web/content'].includes(path)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name)) {
        files.push({ path, source: readFileSync(join(root, path), 'utf8') });
      }
    }
  };
  walk('web');
  return files;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const WORDS_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-description']);
/** Object fields and calls that carry words for the shopper (page meta, labels, toasts, errors). */
const WORDS_PROPERTIES = new Set(['title', 'description', 'label', 'message', 'text', 'heading', 'hint']);
const WORDS_CALLS = /^(toast|showToast|showFlash|flash|announce|setError|setMessage|setNotice|setStatus)$/;
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !UNIVERSAL.test(text.trim());

/** Keys the file asks for, and the words it writes for the shopper itself. */
export function scanFile(file: SourceFile): { keys: string[]; literals: string[] } {
  const { program, errors } = parseSync(file.path, file.source);
  if (errors.length > 0) throw new Error(`${file.path}: ${errors[0]?.message ?? 'cannot be parsed'}`);
  const keys: string[] = [];
  const literals: string[] = [];
  const visit = (node: Node) => {
    if (node.type === 'JSXText') {
      const text = String(node.value).replace(/\s+/g, ' ').trim();
      if (hasWords(text)) literals.push(text);
    } else if (node.type === 'JSXAttribute' && isNode(node.value) && node.value.type === 'Literal') {
      const name = isNode(node.name) ? String(node.name.name) : '';
      const value = String(node.value.value);
      if (WORDS_ATTRIBUTES.has(name) && hasWords(value)) literals.push(`${name}="${value}"`);
    } else if (node.type === 'JSXOpeningElement' && isNode(node.name) && node.name.name === 'Trans') {
      for (const attribute of node.attributes as Node[]) {
        const value = attribute.value;
        if (
          isNode(attribute.name) &&
          attribute.name.name === 'id' &&
          isNode(value) &&
          value.type === 'Literal'
        )
          keys.push(String(value.value));
      }
    } else if (node.type === 'Property' && isNode(node.value) && node.value.type === 'Literal') {
      const name = isNode(node.key) ? String(node.key.name ?? node.key.value) : '';
      const value = node.value.value;
      if (WORDS_PROPERTIES.has(name) && typeof value === 'string' && hasWords(value))
        literals.push(`${name}: '${value}'`);
    } else if (node.type === 'CallExpression' && isNode(node.callee)) {
      const callee = node.callee.type === 'Identifier' ? String(node.callee.name) : '';
      const first = (node.arguments as unknown[])[0];
      const text = isNode(first) && first.type === 'Literal' ? first.value : undefined;
      if (callee === 't' && typeof text === 'string') keys.push(text);
      if (WORDS_CALLS.test(callee) && typeof text === 'string' && hasWords(text))
        literals.push(`${callee}('${text}')`);
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  visit(program as unknown as Node);
  return { keys, literals };
}

/** Every problem: catalogues, unknown keys, literal words outside the allowance. */
export function i18nProblems(
  files: SourceFile[] = storefrontFiles(),
  catalogues = readCatalogues(),
): string[] {
  const problems = catalogueProblems(catalogues);
  const known = new Set(Object.values(catalogues[defaultLocale] ?? {}).flatMap((area) => Object.keys(area)));
  const paths = new Set(files.map((file) => file.path));
  for (const file of files) {
    const { keys, literals } = scanFile(file);
    for (const key of keys) {
      if (key.includes('.') && !known.has(key)) problems.push(`${file.path}: no message "${key}"`);
    }
    if (UNTRANSLATED.includes(file.path)) {
      if (literals.length === 0)
        problems.push(`${file.path} has no words left: delete it from scripts/i18n-untranslated.json`);
    } else {
      for (const literal of literals) problems.push(`${file.path}: words outside the catalogues: ${literal}`);
    }
  }
  for (const path of UNTRANSLATED) {
    if (!paths.has(path)) problems.push(`${path} is gone: delete it from scripts/i18n-untranslated.json`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = i18nProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\ni18n: ${problems.length} problem(s) (web/i18n/messages, scripts/i18n-check.ts)`);
    process.exit(1);
  }
  console.log(`i18n: ok (${UNTRANSLATED.length} files still to translate)`);
}
