/** A policy page's text, as data: the policy page component lays it out. */
export type PolicyBlock =
  | string
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { details: readonly (readonly [term: string, value: string])[] }
  /** A link to a page of the shop, on a line of its own (e.g. the complaints form). */
  | { link: { label: string; href: string } };

export type PolicySection = { heading: string; blocks: readonly PolicyBlock[] };

export type Policy = {
  title: string;
  /** ISO date of the last change, shown as 'Last updated'. */
  updated: string;
  summary: string;
  sections: readonly PolicySection[];
};
