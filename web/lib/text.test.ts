import { describe, expect, it } from 'vitest';
import { excerpt, htmlToText } from './text';

describe('htmlToText', () => {
  it('keeps the words, drops the tags and collapses whitespace', () => {
    expect(htmlToText('<p>Big <strong>OLED</strong>\n screen</p><ul><li>4K</li></ul>')).toBe(
      'Big OLED screen 4K',
    );
  });

  it('decodes the entities a sanitizer leaves behind', () => {
    expect(htmlToText('Tom &amp; Jerry &#8377;1,999 &#x2014; &lt;new&gt;&nbsp;now')).toBe(
      'Tom & Jerry ₹1,999 — <new> now',
    );
  });
});

describe('excerpt', () => {
  it('cuts at the length and adds an ellipsis', () => {
    expect(excerpt('a'.repeat(120), 100)).toBe(`${'a'.repeat(100)}...`);
  });

  it('leaves short text alone', () => {
    expect(excerpt('short', 100)).toBe('short');
  });
});
