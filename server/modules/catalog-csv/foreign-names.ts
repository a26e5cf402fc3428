import type { Transaction } from '../../db/client.js';
import type { AuditActor } from '../audit/index.js';
import { addTaxonomyEntry, readTaxonomyNames } from '../catalog/index.js';

/**
 * Brands, categories and colours an import names, found by name (any case) or added to the shop,
 * each addition audited. A new colour's swatch comes from the last word of its name that is a
 * colour ("Onyx Black": black), nudged by one step while another colour has that value.
 */

const SWATCHES: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  grey: '#808080',
  gray: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  blue: '#1d4ed8',
  red: '#dc2626',
  maroon: '#800000',
  green: '#15803d',
  olive: '#808000',
  yellow: '#facc15',
  orange: '#f97316',
  pink: '#ec4899',
  purple: '#7e22ce',
  violet: '#7c3aed',
  brown: '#78350f',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  gold: '#d4af37',
  teal: '#0d9488',
};

function swatchOf(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .reverse();
  return SWATCHES[words.find((word) => SWATCHES[word]) ?? 'grey']!;
}

/** The next value after `hex` (#000000 -> #000001), so each colour keeps its own swatch. */
function nudge(hex: string): string {
  return `#${((Number.parseInt(hex.slice(1), 16) + 1) % 0x1000000).toString(16).padStart(6, '0')}`;
}

export async function foreignNames(tx: Transaction, actor: AuditActor) {
  const known = await readTaxonomyNames(tx);
  const byTitle = (rows: { id: string; title: string }[]) =>
    new Map(rows.map((row) => [row.title.toLowerCase(), row.id]));
  const brands = byTitle(known.brands);
  const categories = byTitle(known.categories);
  const colors = new Map(known.colors.map((c) => [c.name.toLowerCase(), c.id]));
  const swatches = new Set(known.colors.map((c) => c.title.toLowerCase()));

  async function named(kind: 'brand' | 'category', title: string, found: Map<string, string>) {
    const existing = found.get(title.toLowerCase());
    if (existing) return existing;
    const id = await addTaxonomyEntry(
      tx,
      actor,
      { kind, title },
      `Added the ${kind} ${title} (product import)`,
    );
    found.set(title.toLowerCase(), id);
    return id;
  }

  return {
    brand: (title: string) => named('brand', title, brands),
    category: (title: string) => named('category', title, categories),
    async color(name: string): Promise<string> {
      const id = colors.get(name.toLowerCase());
      if (id) return id;
      let hex = swatchOf(name);
      while (swatches.has(hex)) hex = nudge(hex);
      swatches.add(hex);
      const added = await addTaxonomyEntry(
        tx,
        actor,
        { kind: 'color', value: hex, name },
        `Added the colour ${name} (${hex}, product import)`,
      );
      colors.set(name.toLowerCase(), added);
      return added;
    },
  };
}
