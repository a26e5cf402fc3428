const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID, the form of every row id. Paths that take "an id or a slug" ask this before
 * comparing with a uuid column, which would otherwise fail on any other text.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
