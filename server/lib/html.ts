import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions and blog bodies are rich text written by staff. They are cleaned on write
 * and again before they leave the server, so a bad row (or an old import) can never run script
 * in a shopper's browser.
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'code',
    'pre',
    'hr',
    'figure',
    'figcaption',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
  },
};

/**
 * Cleaning costs about 0.1 ms per product description, a few milliseconds for a page of products;
 * the same descriptions are cleaned over and over, so the results are remembered, keyed by the text
 * itself (a changed description is a new key: nothing can be stale). Least recently used go first.
 */
const SANITIZED_REMEMBERED = 20_000;
const SANITIZED_MAX_LENGTH = 20_000;
const sanitized = new Map<string, string>();

export function sanitizeRichText(html: string): string {
  const remembered = sanitized.get(html);
  if (remembered !== undefined) {
    sanitized.delete(html);
    sanitized.set(html, remembered);
    return remembered;
  }
  const clean = sanitizeHtml(html, richTextOptions);
  if (html.length <= SANITIZED_MAX_LENGTH) {
    sanitized.set(html, clean);
    if (sanitized.size > SANITIZED_REMEMBERED) sanitized.delete(sanitized.keys().next().value!);
  }
  return clean;
}

/** Text content of rich text, for excerpts, meta descriptions and search. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
