import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  allowInlineHashes,
  appScripts,
  assembleDocument,
  deferScripts,
  inlineStyle,
  inlineStylesheets,
  lcpImagePreload,
  mediaPreconnect,
  preloadTags,
  robotsTxt,
  routeStylesheets,
  startScript,
  stylesheetsFirst,
  testModeBanner,
  type ViteManifest,
} from './document.js';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_shared-b2.js'],
    dynamicImports: ['web/pages/product-page.tsx'],
    css: ['assets/index-c3.css'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js', css: ['assets/shared-h8.css'] },
  '_gallery-d4.js': {
    file: 'assets/gallery-d4.js',
    css: ['assets/gallery-e5.css'],
    imports: ['_shared-b2.js'],
  },
  'web/pages/product-page.tsx': {
    file: 'assets/product-page-f6.js',
    imports: ['_gallery-d4.js', '_shared-b2.js'],
    css: ['assets/product-page-g7.css'],
  },
};

describe('mediaPreconnect', () => {
  it('opens the connection to a CDN on another origin early, and is empty on the shop own origin', () => {
    expect(mediaPreconnect('https://shop.example.in', 'https://cdn.example.in/media')).toBe(
      '<link rel="preconnect" href="https://cdn.example.in">',
    );
    expect(mediaPreconnect('https://shop.example.in', 'https://shop.example.in/media')).toBe('');
  });
});

describe('preloadTags', () => {
  it("preloads a page's chunks, leaving out what the entry already loads, and links no CSS", () => {
    expect(preloadTags(manifest, ['web/pages/product-page.tsx'])).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/product-page-f6.js">',
      '<link rel="modulepreload" crossorigin href="/assets/gallery-d4.js">',
    ]);
  });

  it('is empty for no modules or unknown ones', () => {
    expect(preloadTags(manifest, [])).toEqual([]);
    expect(preloadTags(manifest, ['web/pages/missing-page.tsx'])).toEqual([]);
  });
});

describe('assembleDocument', () => {
  it('fills the three placeholders and keeps dollar signs literally', () => {
    const template = '<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-data-->';
    expect(
      assembleDocument(template, {
        head: '<title>$&</title>',
        html: "<p>₹1,999 $' $1</p>",
        data: '<s>$$</s>',
      }),
    ).toBe('<head><title>$&</title></head><div id="root"><p>₹1,999 $\' $1</p></div><s>$$</s>');
  });

  it('puts a banner first in the body, outside the root React hydrates', () => {
    const template = '<head></head><body class="x"><div id="root"><!--app-html--></div></body>';
    const page = assembleDocument(template, {
      head: '',
      html: '<p>app</p>',
      data: '',
      banner: testModeBanner,
    });
    expect(page).toBe(
      `<head></head><body class="x">\n    ${testModeBanner}<div id="root"><p>app</p></div></body>`,
    );
    expect(testModeBanner).toMatch(/role="status".*Test mode:.*no real payments are taken/);
    expect(assembleDocument(template, { head: '', html: '', data: '' })).not.toContain('test-mode');
  });
});

describe('robotsTxt', () => {
  it('allows the shop, keeps private pages and the API out and names the sitemap', () => {
    const text = robotsTxt('https://shop.example.in');
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/api/', '/cart', '/checkout', '/my-', '/wishlist']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });
});

describe('stylesheetsFirst', () => {
  it('moves the stylesheet ahead of the module preloads, right after the viewport', () => {
    const template = [
      '<head>',
      '    <meta name="viewport" content="width=device-width">',
      '    <script type="module" src="/assets/index.js"></script>',
      '    <link rel="modulepreload" href="/assets/a.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/style.css">',
      '</head>',
    ].join('\n');
    const result = stylesheetsFirst(template);
    expect(result.indexOf('style.css')).toBeLessThan(result.indexOf('index.js'));
    expect(result.indexOf('viewport')).toBeLessThan(result.indexOf('style.css'));
    expect(result.match(/style\.css/g)).toHaveLength(1);
  });
});

describe('routeStylesheets', () => {
  it("lists the route's CSS beyond the shell's, imported chunks' before the page's own", () => {
    expect(routeStylesheets(manifest, ['web/pages/product-page.tsx'])).toEqual([
      '/assets/gallery-e5.css',
      '/assets/product-page-g7.css',
    ]);
  });

  it('is empty for no modules or unknown ones (a not-found page has the shell only)', () => {
    expect(routeStylesheets(manifest, [])).toEqual([]);
    expect(routeStylesheets(manifest, ['web/pages/missing-page.tsx'])).toEqual([]);
  });
});

describe('inlineStyle', () => {
  it('names the file it came from and hashes exactly the text it writes', () => {
    const css = '.card{color:red}';
    expect(inlineStyle('/assets/card-1.css', css)).toEqual({
      tag: '<style data-href="/assets/card-1.css">.card{color:red}</style>',
      hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    });
  });

  it('hashes the escaped text when it has to escape', () => {
    const style = inlineStyle('/assets/x.css', 'a{content:"</style>"}');
    const written = style.tag.slice(style.tag.indexOf('>') + 1, -'</style>'.length);
    expect(written).not.toContain('</style');
    expect(style.hash).toBe(`'sha256-${createHash('sha256').update(written).digest('base64')}'`);
  });
});

describe('inlineStylesheets', () => {
  const template =
    '<head><meta name="viewport" content="x">\n<link rel="stylesheet" crossorigin href="/assets/style-1.css">\n</head>';

  it('writes the stylesheet into the page and gives its CSP hash', () => {
    const css = 'body{color:red}';
    const { template: page, styleHashes } = inlineStylesheets(template, (href) => {
      expect(href).toBe('/assets/style-1.css');
      return css;
    });
    expect(page).toContain('<style data-href="/assets/style-1.css">body{color:red}</style>');
    expect(page).not.toContain('<link rel="stylesheet"');
    expect(styleHashes).toEqual([`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
  });

  it('cannot be closed early by the CSS it inlines', () => {
    const { template: page } = inlineStylesheets(template, () => 'a{content:"</style><script>"}');
    expect(page.match(/<\/style>/g)).toHaveLength(1);
  });
});

describe('allowInlineHashes', () => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('adds the style hashes to style-src and the start script to script-src, nowhere else', () => {
    const csp = "default-src 'self';style-src 'self';style-src-attr 'unsafe-inline';script-src 'self'";
    expect(allowInlineHashes(csp, ["'sha256-abc'"])).toBe(
      `default-src 'self';style-src 'self' 'sha256-abc';style-src-attr 'unsafe-inline';script-src 'self' ${hash(startScript)}`,
    );
    expect(allowInlineHashes(csp, [])).toBe(
      `default-src 'self';style-src 'self';style-src-attr 'unsafe-inline';script-src 'self' ${hash(startScript)}`,
    );
  });
});

describe('deferScripts and appScripts', () => {
  const template = [
    '<head>',
    '    <!--app-head-->',
    '    <script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/shell-b2.js">',
    '    <style data-href="/assets/shell.css">body{margin:0}</style>',
    '</head>',
    '<body><div id="root"><!--app-html--></div><!--app-data--></body>',
  ].join('\n');

  it('takes the entry script and its preloads out of the head, and marks the end of the body', () => {
    const { template: page, entryTags } = deferScripts(template);
    expect(entryTags).toEqual([
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/shell-b2.js">',
    ]);
    expect(page).not.toContain('index-a1.js');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<style data-href="/assets/shell.css">');
    expect(page).toMatch(/<!--app-data-->\s*<!--app-scripts-->\s*<\/body>/);
  });

  it("writes the page's tags inert in a template, after the data, with the script that starts them", () => {
    const { template: page, entryTags } = deferScripts(template);
    const html = assembleDocument(page, {
      head: '',
      html: '<p>x</p>',
      data: '<script type="application/json" id="__DATA__">{}</script>',
      scripts: appScripts([...entryTags, '<link rel="modulepreload" crossorigin href="/assets/page-c3.js">']),
    });
    expect(html).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-b2.js"><link rel="modulepreload" crossorigin href="/assets/page-c3.js"></template>',
    );
    expect(html.indexOf('__DATA__')).toBeLessThan(html.indexOf('app-scripts'));
    expect(html).toContain(`<script>${startScript}</script>`);
  });
});

describe('lcpImagePreload', () => {
  it('preloads the first high-priority picture at the size the <img> will pick', () => {
    const html =
      '<img src="/a.webp" loading="lazy"><img src="/p-400.webp" srcset="/p-400.webp 400w, /p.webp 800w" sizes="(min-width: 768px) 260px, 50vw" fetchpriority="high"><img src="/q.webp" fetchpriority="high">';
    expect(lcpImagePreload(html)).toBe(
      '<link rel="preload" as="image" fetchpriority="high" imagesrcset="/p-400.webp 400w, /p.webp 800w" imagesizes="(min-width: 768px) 260px, 50vw">',
    );
  });

  it('uses href for a picture without srcset, and nothing when no picture is marked', () => {
    expect(lcpImagePreload('<img fetchPriority="high" src="/cover.webp" alt="">')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/cover.webp">',
    );
    expect(lcpImagePreload('<img src="/a.webp" loading="lazy">')).toBe('');
  });
});
