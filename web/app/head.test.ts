import { describe, expect, it } from 'vitest';
import { documentTitle, escapeHtml, renderDataScript, renderHead, serializeJsonForScript } from './head';

describe('serializeJsonForScript', () => {
  it('cannot close the script element or open a comment, whatever the data holds', () => {
    const json = serializeJsonForScript({ title: '</script><script>alert(1)</script>', note: '<!-- x -->' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>', note: '<!-- x -->' });
  });

  it('escapes the JavaScript line separators and survives undefined', () => {
    expect(serializeJsonForScript('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
    expect(serializeJsonForScript(undefined)).toBe('null');
  });

  it('wraps the data in a non-executed JSON block', () => {
    expect(renderDataScript({ a: '<b>' })).toBe(
      '<script type="application/json" id="__DATA__">{"a":"\\u003cb>"}</script>',
    );
  });
});

describe('renderHead', () => {
  const options = { publicUrl: 'https://shop.example.in', pathname: '/product/abc', locale: 'en' as const };

  it('names the page in every language, canonical in its own, none for an unindexed page', () => {
    const hindi = renderHead({ title: 'टीवी', description: 'x' }, { ...options, locale: 'hi' });
    expect(hindi).toContain('<link rel="canonical" href="https://shop.example.in/hi/product/abc">');
    expect(hindi).toContain(
      '<link rel="alternate" hreflang="en" href="https://shop.example.in/product/abc">',
    );
    expect(hindi).toContain(
      '<link rel="alternate" hreflang="hi" href="https://shop.example.in/hi/product/abc">',
    );
    expect(hindi).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://shop.example.in/product/abc">',
    );
    expect(hindi).toContain('<meta property="og:locale" content="hi_IN">');
    const home = renderHead({ title: 'x', description: 'y' }, { ...options, pathname: '/', locale: 'hi' });
    expect(home).toContain('<link rel="canonical" href="https://shop.example.in/hi/">');
    const hidden = renderHead({ title: 'x', description: 'y', noindex: true }, options);
    expect(hidden).not.toContain('hreflang');
  });

  it('renders title, description, canonical and Open Graph from the meta', () => {
    const head = renderHead({ title: 'Smart TV', description: 'A 55" TV & more' }, options);
    expect(head).toContain('<title>Smart TV | Bharat Bazaar</title>');
    expect(head).toContain('<meta name="description" content="A 55&quot; TV &amp; more">');
    expect(head).toContain('<link rel="canonical" href="https://shop.example.in/product/abc">');
    expect(head).toContain('<meta property="og:url" content="https://shop.example.in/product/abc">');
    expect(head).toContain('<meta property="og:image" content="https://shop.example.in/icon-512.png">');
    expect(head).toContain('<meta property="og:type" content="website">');
    expect(head).not.toContain('robots');
    expect(head).not.toContain('ld+json');
  });

  it('honours canonical path, image, type and noindex', () => {
    const head = renderHead(
      {
        title: 'Reset',
        description: 'x',
        canonical: '/forgot-password',
        ogImage: '/media/products/tv-1.webp',
        ogType: 'product',
        noindex: true,
      },
      options,
    );
    expect(head).toContain('<link rel="canonical" href="https://shop.example.in/forgot-password">');
    expect(head).toContain('content="https://shop.example.in/media/products/tv-1.webp"');
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('escapes markup in every text it writes', () => {
    const head = renderHead({ title: '<img src=x onerror=alert(1)>', description: '"><script>' }, options);
    expect(head).not.toMatch(/<img|<script>/);
    expect(head).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('embeds JSON-LD as a data block with the schema.org context, escaped', () => {
    const head = renderHead(
      { title: 'TV', description: 'x', jsonLd: { '@type': 'Product', name: 'TV </script>' } },
      options,
    );
    const match = head.match(/<script type="application\/ld\+json">(.*)<\/script>/);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain('<');
    expect(JSON.parse(match![1]!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'TV </script>',
    });
  });

  it('keeps absolute image URLs as they are', () => {
    const head = renderHead(
      { title: 'x', description: 'y', ogImage: 'https://cdn.example.in/a.webp' },
      options,
    );
    expect(head).toContain('content="https://cdn.example.in/a.webp"');
  });
});

describe('documentTitle and escapeHtml', () => {
  it('adds the shop name once', () => {
    expect(documentTitle('Cart')).toBe('Cart | Bharat Bazaar');
    expect(documentTitle('Bharat Bazaar: shop')).toBe('Bharat Bazaar: shop');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
