import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './html.js';

describe('rich text', () => {
  it('removes script, event handlers and javascript: links', () => {
    const dirty =
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi');
  });

  it('keeps the formatting a description needs and hardens links', () => {
    const clean = sanitizeRichText(
      '<h3>Specs</h3><ul><li><strong>6 GB</strong> RAM</li></ul><a href="https://x.in">x</a>',
    );
    expect(clean).toContain('<h3>Specs</h3><ul><li><strong>6 GB</strong> RAM</li></ul>');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });

  it('extracts plain text for excerpts', () => {
    expect(richTextToPlain('<p>Tea &amp; <em>biscuits</em></p>\n<p>daily</p>')).toBe('Tea & biscuits daily');
  });

  it('cleans a remembered text the same way the second time, and a changed text afresh', () => {
    const dirty = '<p onclick="steal()">Hi<script>alert(1)</script></p>';
    expect(sanitizeRichText(dirty)).toBe('<p>Hi</p>');
    expect(sanitizeRichText(dirty)).toBe('<p>Hi</p>');
    expect(sanitizeRichText(`${dirty}<img src="javascript:x">`)).toBe('<p>Hi</p><img loading="lazy" />');
  });
});
