import type { Transaction } from '../../db/client.js';
import { freeSlug, toSlug } from '../../lib/slug.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { taxonomyNames } from './product-writes.repository.js';
import * as taxonomy from './taxonomy.repository.js';

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
  const known = await taxonomyNames(tx);
  const byTitle = (rows: { id: string; title: string }[]) =>
    new Map(rows.map((row) => [row.title.toLowerCase(), row.id]));
  const brands = byTitle(known.brands);
  const categories = byTitle(known.categories);
  const colors = new Map(known.colors.map((c) => [c.name.toLowerCase(), c.id]));
  const swatches = new Set(known.colors.map((c) => c.title.toLowerCase()));

  async function added(kind: 'brand' | 'category' | 'color', id: string, summary: string) {
    await recordAudit(tx, actor, { action: `${kind}.create`, entityType: kind, entityId: id, summary });
    return id;
  }

  async function named(kind: 'brand' | 'category', title: string, found: Map<string, string>) {
    const id = found.get(title.toLowerCase());
    if (id) return id;
    const base = toSlug(title, kind);
    const slug = freeSlug(base, new Set(await taxonomy.slugsLike(tx, kind, base)));
    const row = await taxonomy.insert(tx, kind, { title, slug });
    found.set(title.toLowerCase(), row.id);
    return added(kind, row.id, `Added the ${kind} ${title} (product import)`);
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
      const row = await taxonomy.insert(tx, 'color', { title: hex, name });
      colors.set(name.toLowerCase(), row.id);
      return added('color', row.id, `Added the colour ${name} (${hex}, product import)`);
    },
  };
}
