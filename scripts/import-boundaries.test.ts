import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkTree,
  importsOf,
  KNOWN_VIOLATIONS,
  readTree,
  type SourceFile,
  violationsOf,
} from './import-boundaries';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the import boundaries of this tree', () => {
  it('has no violation beyond the known ones, and every known one still occurs', () => {
    const { added, fixed } = checkTree(readTree(root));
    expect(added, 'new violations: fix the import (see the rules in scripts/import-boundaries.ts)').toEqual(
      [],
    );
    expect(fixed, 'fixed: delete these lines from KNOWN_VIOLATIONS').toEqual([]);
  });

  it('keeps the known list free of duplicates', () => {
    expect(new Set(KNOWN_VIOLATIONS).size).toBe(KNOWN_VIOLATIONS.length);
  });
});

/** A small tree that keeps every rule, to which each test below adds one bad import. */
const clean: SourceFile[] = [
  { path: 'shared/money.ts', source: 'export const paise = (rupees: number) => rupees * 100;' },
  { path: 'server/lib/ids.ts', source: 'export const isUuid = (value: string) => value.length === 36;' },
  {
    path: 'server/modules/catalog/catalog.repository.ts',
    source:
      "import { isUuid } from '../../lib/ids.js';\nexport const findProduct = (id: string) => isUuid(id);",
  },
  {
    path: 'server/modules/catalog/catalog.service.ts',
    source:
      "import * as repository from './catalog.repository.js';\nexport const product = repository.findProduct;",
  },
  {
    path: 'server/modules/reviews/reviews.service.ts',
    source: "import { product } from '../catalog/catalog.service.js';\nexport const review = product;",
  },
  {
    path: 'web/lib/api-client.ts',
    source: "import { paise } from '../../shared/money';\nexport const api = paise;",
  },
  { path: 'web/lib/session.ts', source: "import { api } from './api-client';\nexport const session = api;" },
  {
    path: 'web/components/forms/form-field.tsx',
    source: "import './forms.css';\nexport const TextField = 1;",
  },
  {
    path: 'web/features/wishlist/wishlist-button.tsx',
    source: "import './wishlist-button.css';\nexport const Heart = 1;",
  },
  {
    path: 'web/features/catalog/product-card.tsx',
    source:
      "import { Heart } from '../wishlist/wishlist-button';\nimport { session } from '../../lib/session';\nexport const Card = [Heart, session];",
  },
  {
    path: 'web/app/app.tsx',
    source: "import { Card } from '../features/catalog/product-card';\nexport const App = Card;",
  },
  {
    path: 'web/routes.tsx',
    source:
      "const pages = import.meta.glob(['./pages/*-page.tsx', '!./pages/not-found-page.tsx']);\nexport default pages;",
  },
  { path: 'web/pages/home-page.tsx', source: "import { App } from '../app/app';\nexport default App;" },
];

function withFile(path: string, source: string): SourceFile[] {
  return [...clean.filter((file) => file.path !== path), { path, source }];
}

describe('the check', () => {
  it('finds nothing wrong in a tree that keeps the rules', () => {
    expect(violationsOf(clean)).toEqual([]);
  });

  it('reports a server module importing another module’s repository', () => {
    const files = withFile(
      'server/modules/reviews/reviews.service.ts',
      "import { findProduct } from '../catalog/catalog.repository.js';\nexport const review = findProduct;",
    );
    expect(violationsOf(files)).toEqual([
      'foreign-repository: server/modules/reviews/reviews.service.ts -> server/modules/catalog/catalog.repository.ts',
    ]);
  });

  it('reports a type-only import of another module’s repository too', () => {
    const files = withFile(
      'server/modules/reviews/reviews.presenter.ts',
      "import type { ProductRow } from '../catalog/catalog.repository.js';\nexport type Row = ProductRow;",
    );
    expect(violationsOf(files)).toHaveLength(1);
  });

  it('reports a feature importing the app shell', () => {
    const files = withFile(
      'web/features/wishlist/wishlist-store.ts',
      "import { App } from '../../app/app';\nexport const store = App;",
    );
    expect(violationsOf(files)).toContain(
      'feature-imports-app: web/features/wishlist/wishlist-store.ts -> web/app/app.tsx',
    );
  });

  it('reports a feature reaching into another feature’s internals', () => {
    const files = [
      ...withFile(
        'web/features/catalog/product-card.tsx',
        "import { Heart } from '../wishlist/wishlist-button';\nimport { cache } from '../wishlist/wishlist-internal';\nimport '../wishlist/wishlist-button.css';\nexport const Card = [Heart, cache];",
      ),
      { path: 'web/features/wishlist/wishlist-internal.ts', source: 'export const cache = new Map();' },
    ];
    expect(violationsOf(files)).toEqual([
      'feature-internals: web/features/catalog/product-card.tsx -> web/features/wishlist/wishlist-button.css',
      'feature-internals: web/features/catalog/product-card.tsx -> web/features/wishlist/wishlist-internal.ts',
    ]);
  });

  it('reports generic web code importing a feature', () => {
    const files = withFile(
      'web/components/forms/form-field.tsx',
      "import { Card } from '../../features/catalog/product-card';\nexport const TextField = Card;",
    );
    expect(violationsOf(files)).toEqual([
      'generic-imports-feature: web/components/forms/form-field.tsx -> web/features/catalog/product-card.tsx',
    ]);
  });

  it('reports the browser importing the server, and shared code importing either', () => {
    const files = [
      ...withFile(
        'web/lib/session.ts',
        "import { isUuid } from '../../server/lib/ids.js';\nexport const session = isUuid;",
      ),
      {
        path: 'shared/format.ts',
        source: "import type { api } from '../web/lib/api-client';\nexport type A = typeof api;",
      },
    ];
    expect(violationsOf(files)).toEqual([
      'shared-imports-app: shared/format.ts -> web/lib/api-client.ts',
      'web-imports-server: web/lib/session.ts -> server/lib/ids.ts',
    ]);
  });

  it('reports an import cycle, type-only imports included, wherever it is', () => {
    const files = withFile(
      'web/lib/api-client.ts',
      "import { paise } from '../../shared/money';\nimport type { session } from './session';\nexport const api = paise;\nexport type S = typeof session;",
    );
    expect(violationsOf(files)).toEqual([
      'cycle: web/lib/api-client.ts -> web/lib/session.ts -> web/lib/api-client.ts',
    ]);
  });

  it('follows re-exports and dynamic imports, and expands import.meta.glob', () => {
    expect(
      importsOf({
        path: 'web/x.tsx',
        source:
          "export * from './a';\nexport { b } from './b';\nconst c = () => import('./c');\nconst d = import.meta.glob<{ default: unknown }>(['./pages/*-page.tsx', '!./pages/x-page.tsx']);\n// import './not-an-import';\nconst e = \"import './neither'\";",
      }),
    ).toEqual(['./a', './b', './c', 'glob:./pages/*-page.tsx', 'glob:!./pages/x-page.tsx']);
    const files = withFile(
      'web/pages/home-page.tsx',
      "import { App } from '../app/app';\nimport routes from '../routes';\nexport default [App, routes];",
    );
    expect(violationsOf(files)).toEqual([
      'cycle: web/pages/home-page.tsx -> web/routes.tsx -> web/pages/home-page.tsx',
    ]);
  });

  it('fails on a new violation and on a known one that is gone, not on a known one still there', () => {
    const bad = 'web-imports-server: web/lib/session.ts -> server/lib/ids.ts';
    const files = withFile(
      'web/lib/session.ts',
      "import { isUuid } from '../../server/lib/ids.js';\nexport const session = isUuid;",
    );
    expect(checkTree(files, [])).toEqual({ added: [bad], fixed: [] });
    expect(checkTree(files, [bad])).toEqual({ added: [], fixed: [] });
    expect(checkTree(clean, [bad])).toEqual({ added: [], fixed: [bad] });
  });
});
