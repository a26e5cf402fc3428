import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortenKeyLiterals, shortKeyTable } from './short-keys';

function webTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'short-keys-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('short message keys in the browser build', () => {
  const web = webTree({
    'i18n/messages/en/shop.json': JSON.stringify({
      'shop.title': 'Shop',
      'shop.kind.a': 'A',
      'shop.kind.b': 'B',
      'shop.unused': 'Never named',
    }),
    'i18n/messages/en/errors.json': JSON.stringify({ 'errors.bad-pin': 'Bad PIN' }),
    'pages/shop.tsx': `t('shop.title'); t(\`shop.kind.\${kind}\`); t('shop.kind.a'); t('errors.bad-pin');`,
    'admin/page.tsx': "t('shop.unused');",
  });
  const table = shortKeyTable(web);

  it('renames the keys the code names whole, and no others', () => {
    expect([...table.keys()]).toEqual(['shop.title']);
    expect(table.get('shop.title')).toMatch(/^[a-z][a-z0-9]*$/);
  });

  it('keeps keys built at run time (a template prefix, the computed areas) and keys only the console names', () => {
    for (const kept of ['shop.kind.a', 'shop.kind.b', 'errors.bad-pin', 'shop.unused'])
      expect(table.has(kept)).toBe(false);
  });

  it('rewrites exactly the literals that are renamed keys', () => {
    const id = table.get('shop.title');
    expect(shortenKeyLiterals("t('shop.title'); t(\"shop.kind.a\"); x = 'shop.title.more'", table)).toBe(
      `t('${id}'); t("shop.kind.a"); x = 'shop.title.more'`,
    );
  });
});
