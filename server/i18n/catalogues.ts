import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { type Locale, locales } from '../../shared/locales.js';

/**
 * The server's message catalogues: `messages/<locale>/<area>.json`, each a flat object of
 * `{ "key": "ICU message" }`. A message's full key is `<area>.<key>` (`orders.shipped.subject` is
 * `shipped.subject` in `orders.json`). Read and compiled once, when first used; a language is
 * added by adding its folder (and its code to shared/locales.ts), with no code.
 */
export const MESSAGES_DIR = fileURLToPath(new URL('./messages/', import.meta.url));

/** Every catalogue file of a language as written: area -> key -> ICU message. */
export function readCatalogue(locale: Locale, dir = MESSAGES_DIR): Record<string, Record<string, string>> {
  const folder = path.join(dir, locale);
  const areas: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error(`${path.join(folder, file)}: a catalogue is one flat object of "key": "message"`);
    for (const [key, message] of Object.entries(parsed)) {
      if (typeof message !== 'string')
        throw new Error(`${path.join(folder, file)}: "${key}" is not a string; catalogues are flat`);
    }
    areas[file.slice(0, -'.json'.length)] = parsed as Record<string, string>;
  }
  return areas;
}

/**
 * A language's messages by full key, compiled (ICU parsed once, not on every e-mail). A message that
 * does not parse stops the server at its first e-mail rather than mailing the broken text.
 */
export function compileCatalogue(
  areas: Record<string, Record<string, string>>,
): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [area, messages] of Object.entries(areas)) {
    for (const [key, message] of Object.entries(messages)) {
      try {
        compiled[`${area}.${key}`] = compileMessageOrThrow(message);
      } catch (error) {
        throw new Error(`${area}.${key}: ${(error as Error).message}`);
      }
    }
  }
  return compiled;
}

let loaded: Record<Locale, Record<string, CompiledMessage>> | undefined;

/** Every language's compiled messages, read from disk the first time. */
export function compiledCatalogues(): Record<Locale, Record<string, CompiledMessage>> {
  loaded ??= Object.fromEntries(
    locales.map((locale) => [locale, compileCatalogue(readCatalogue(locale))]),
  ) as Record<Locale, Record<string, CompiledMessage>>;
  return loaded;
}
