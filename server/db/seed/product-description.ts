import { sanitizeRichText } from '../../lib/html.js';
import { specificationsHeadingHindi, specLabelsHindi } from './catalogue-hindi.js';

/** Escapes text placed into HTML; catalogue copy contains "&", apostrophes and inch marks. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Specs = ReadonlyArray<readonly [string, string]>;

function descriptionHtml(blurb: string, heading: string, specs: Specs, label: (name: string) => string) {
  const items = specs
    .map(([name, value]) => `<li><strong>${escapeHtml(label(name))}:</strong> ${escapeHtml(value)}</li>`)
    .join('');
  // Sanitized like any staff-written description, so the seed never bypasses the write rule.
  return sanitizeRichText(`<p>${escapeHtml(blurb)}</p><h3>${escapeHtml(heading)}</h3><ul>${items}</ul>`);
}

/** A product description: one paragraph written for the product, then its key specifications. */
export function productDescriptionHtml(blurb: string, specs: Specs): string {
  return descriptionHtml(blurb, 'Key specifications', specs, (name) => name);
}

/**
 * The same in Hindi: the Hindi paragraph, then the specifications under Hindi names, their values
 * as printed on the box (42 mm, Core i5, 5000 mAh). Two parts, each sanitised on its own (each is
 * whole elements, so together they are as clean): the synthetic catalogue remembers each part,
 * far fewer than their combinations (synthetic-catalogue.ts).
 */
export function productDescriptionHtmlHindi(blurb: string, specs: Specs): string {
  return hindiParagraphHtml(blurb) + hindiSpecificationsHtml(specs);
}

export const hindiParagraphHtml = (blurb: string) => sanitizeRichText(`<p>${escapeHtml(blurb)}</p>`);

export function hindiSpecificationsHtml(specs: Specs): string {
  const items = specs
    .map(
      ([name, value]) =>
        `<li><strong>${escapeHtml(specLabelsHindi[name] ?? name)}:</strong> ${escapeHtml(value)}</li>`,
    )
    .join('');
  return sanitizeRichText(`<h3>${escapeHtml(specificationsHeadingHindi)}</h3><ul>${items}</ul>`);
}
