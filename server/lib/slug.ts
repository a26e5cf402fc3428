/**
 * URL slugs from titles: "Boat Rockerz 450 – Blue!" → "boat-rockerz-450-blue". Accents fold to
 * their letters; a title with no Latin letters or digits (say, all Devanagari) gets `fallback`.
 */
export function toSlug(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/**
 * `base`, or `base-2`, `base-3`... whichever is not among `taken` (the slugs that start with
 * `base`, read inside the writing transaction).
 */
export function freeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
