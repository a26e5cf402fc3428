import { errorKey } from '../../i18n/errors';
import { BUYING_MESSAGES, TIMELINE_MESSAGES } from './buying-messages';

// The server's days ("Tue, 2 Dec") in the page's words, fetched with the templates.
export { deliveryDayIn } from './buying-messages';

/*
 * How a server's English message is recognised among the templates (api-messages.ts): fetched
 * with the templates, only by pages in another language than English.
 */

export type Pattern = { key: string; names: string[]; pattern: RegExp };

const special = /[.*+?^${}()|[\]\\]/g;

/** A template as a pattern: its fixed words exactly, each `{name}` any text. */
function templatePattern(key: string, template: string): Pattern {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(special, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
}

/**
 * Templates as patterns, those with more fixed words first: "… up to {amount}." must not take
 * "… up to ₹50,000.00. Please pay online." for an amount. Each is keyed by its words in the area
 * given (`errors.…`, `order-timeline.…`).
 */
function templatePatterns(templates: readonly (readonly [area: string, template: string])[]): Pattern[] {
  const fixed = (template: string) => template.replace(/\{\w+\}/g, '').length;
  return [...templates]
    .sort(([, a], [, b]) => fixed(b) - fixed(a))
    .map(([area, template]) => templatePattern(messageKey(area, template), template));
}

/** A server's English message's key in an area: `errors.we-do-not-deliver-to-pincode-yet`. */
export function messageKey(area: string, template: string): string {
  return `${area}.${errorKey(template).slice('errors.'.length)}`;
}

/** Every template a shopper can meet buying and on an order's timeline, as patterns. */
export function apiPatterns(): Pattern[] {
  return templatePatterns([
    ...BUYING_MESSAGES.map((template) => ['errors', template] as const),
    ...TIMELINE_MESSAGES.map((template) => ['order-timeline', template] as const),
  ]);
}
