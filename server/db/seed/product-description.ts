import { sanitizeRichText } from '../../lib/html.js';

/** Escapes text placed into HTML; catalogue copy contains "&", apostrophes and inch marks. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A product description: one paragraph written for the product, then its key specifications. */
export function productDescriptionHtml(
  blurb: string,
  specs: ReadonlyArray<readonly [string, string]>,
): string {
  const items = specs
    .map(([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`)
    .join('');
  // Sanitized like any staff-written description, so the seed never bypasses the write rule.
  return sanitizeRichText(`<p>${escapeHtml(blurb)}</p><h3>Key specifications</h3><ul>${items}</ul>`);
}
