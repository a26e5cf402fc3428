import type { Zone } from './zones.js';

/**
 * What a parcel costs to send: couriers bill the larger of its dead weight and its volumetric
 * weight (L x B x H in cm / 5000, in kg), rounded up to 0.5 kg slabs. Pure; grams, millimetres
 * and paise.
 */

export const SLAB_GRAMS = 500;
/** cm³ per kg in the volumetric formula (air and most express services; some surface use 4000). */
export const VOLUMETRIC_DIVISOR = 5000;

/** One line of a parcel: a variant's weight and box, `quantity` of them. */
export type ParcelItem = {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  quantity: number;
};

/**
 * Volumetric grams of a box in millimetres: L×B×H mm³ / 1000 = cm³; cm³ / 5000 = kg; × 1000 = g.
 * So mm³ / 5000 is grams.
 */
export function volumetricGrams(item: Pick<ParcelItem, 'lengthMm' | 'widthMm' | 'heightMm'>): number {
  return (item.lengthMm * item.widthMm * item.heightMm) / VOLUMETRIC_DIVISOR;
}

/**
 * The chargeable weight of items packed into one parcel: the larger of their dead weight and their
 * volumetric weight (each summed over the items), rounded up to whole 0.5 kg slabs, at least one.
 */
export function chargeableGrams(items: readonly ParcelItem[]): number {
  let dead = 0;
  let volumetric = 0;
  for (const item of items) {
    dead += item.weightGrams * item.quantity;
    volumetric += volumetricGrams(item) * item.quantity;
  }
  const grams = Math.max(dead, volumetric);
  return Math.max(1, Math.ceil(grams / SLAB_GRAMS)) * SLAB_GRAMS;
}

/** A box around the items packed together: the longest and widest of them, their heights stacked. */
export function stackedBox(items: readonly ParcelItem[]): { length: number; width: number; height: number } {
  let length = 0;
  let width = 0;
  let height = 0;
  for (const item of items) {
    length = Math.max(length, item.lengthMm);
    width = Math.max(width, item.widthMm);
    height += item.heightMm * item.quantity;
  }
  return { length, width, height };
}

/** One zone's row of the rate card. */
export type ZoneRate = {
  zone: Zone;
  firstSlabPaise: number;
  extraSlabPaise: number;
  minDays: number;
  maxDays: number;
};

export type RateCard = readonly ZoneRate[];

/** The card's price to send `grams` to `zone`: the first 0.5 kg, then each further 0.5 kg or part of it. */
export function rateFor(card: RateCard, zone: Zone, grams: number): number {
  const rate = card.find((row) => row.zone === zone);
  if (!rate) throw new Error(`the rate card has no ${zone} zone`);
  const slabs = Math.max(1, Math.ceil(grams / SLAB_GRAMS));
  return rate.firstSlabPaise + (slabs - 1) * rate.extraSlabPaise;
}
