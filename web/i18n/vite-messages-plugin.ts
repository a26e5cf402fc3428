import { join } from 'node:path';
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoText } from './pseudo-locale';
import { shortenKeyLiterals, shortKeyTable } from './short-keys';

/** A catalogue file: web/i18n/messages/<locale>/<area>.json. */
export const catalogueFile = /\/web\/i18n\/messages\/[^/]+\/[^/]+\.json$/;

/**
 * Compiles the ICU messages of a catalogue file when it is imported, so the browser gets Lingui's
 * ready-made message trees and never ships or runs a message parser: `{count, plural, one {# item}
 * other {# items}}` arrives as `[["count","plural",{...}]]`, a plain text as itself.
 */
export function compileCatalogue(
  source: string,
  file: string,
  mapText?: (text: string) => string,
): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    compiled[key] = compileMessage(message, mapText);
  }
  return compiled;
}

/**
 * `pseudo`: the English catalogues compile to pseudo-English (web/i18n/pseudo-locale.ts), for the
 * layout check's own build (`npm run build:pseudo`, PSEUDO_LOCALE=1). `shortKeys`: keys written as
 * short ids in the catalogues and the storefront's code alike (web/i18n/short-keys.ts); the browser
 * and server builds only, so tests and the console keep the names.
 */
export function messagesPlugin({
  pseudo = false,
  shortKeys = false,
}: {
  pseudo?: boolean;
  shortKeys?: boolean;
} = {}): Plugin {
  let table: Map<string, string> | undefined;
  const keyTable = () => {
    table ??= shortKeyTable(join(process.cwd(), 'web'));
    return table;
  };
  return {
    name: 'bharat-bazaar:messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!.replace(/\\/g, '/');
      if (catalogueFile.test(file)) {
        const compiled = compileCatalogue(
          code,
          file,
          pseudo && file.includes('/messages/en/') ? pseudoText : undefined,
        );
        const messages = shortKeys
          ? Object.fromEntries(
              Object.entries(compiled).map(([key, message]) => [keyTable().get(key) ?? key, message]),
            )
          : compiled;
        return { code: `export default ${JSON.stringify(messages)};`, map: null, moduleType: 'js' };
      }
      if (!shortKeys || !/\/web\/(?!admin\/).*\.tsx?$/.test(file) || file.includes('/node_modules/'))
        return null;
      const shortened = shortenKeyLiterals(code, keyTable());
      return shortened === code ? null : { code: shortened, map: null };
    },
  };
}
