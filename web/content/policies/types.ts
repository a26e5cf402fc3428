/** A policy page's text, as data: the policy page component lays it out. */
export type PolicyBlock =
  | string
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { details: readonly (readonly [term: string, value: string])[] };

export type PolicySection = { heading: string; blocks: readonly PolicyBlock[] };

export type Policy = {
  title: string;
  /** ISO date of the last change, shown as 'Last updated'. */
  updated: string;
  summary: string;
  sections: readonly PolicySection[];
};
