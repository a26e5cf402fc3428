import type { Executor } from '../client.js';
import { shippingRates, warehouses } from '../schema.js';

/**
 * The demo's shipping: its warehouse at the shop's address in Bengaluru, and an Indian rate card
 * (rupees per 0.5 kg: the first, then each further; days promised). Delivery stays flat (the
 * settings' default) until the shop owner chooses the rate card in the console.
 */
export const DEMO_RATE_CARD = [
  { zone: 'city', firstSlab: 40, extraSlab: 30, minDays: 1, maxDays: 2 },
  { zone: 'state', firstSlab: 50, extraSlab: 40, minDays: 2, maxDays: 3 },
  { zone: 'metro', firstSlab: 60, extraSlab: 50, minDays: 2, maxDays: 4 },
  { zone: 'rest', firstSlab: 70, extraSlab: 60, minDays: 3, maxDays: 6 },
  { zone: 'special', firstSlab: 90, extraSlab: 80, minDays: 5, maxDays: 8 },
] as const;

export const DEMO_WAREHOUSE = {
  name: 'Bengaluru warehouse',
  contactPhone: '9876543210',
  addressLine1: '4th Floor, Prestige Tech Park',
  addressLine2: 'Outer Ring Road, Marathahalli',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pincode: '560103',
} as const;

/** Adds the demo's warehouse and rate card where the shop has none; an owner's own are kept. */
export async function ensureDemoShipping(tx: Executor): Promise<void> {
  const [anyWarehouse] = await tx.select({ id: warehouses.id }).from(warehouses).limit(1);
  if (!anyWarehouse) await tx.insert(warehouses).values({ ...DEMO_WAREHOUSE, isDefault: true });
  await tx
    .insert(shippingRates)
    .values(
      DEMO_RATE_CARD.map((rate) => ({
        zone: rate.zone,
        firstSlabPaise: rate.firstSlab * 100,
        extraSlabPaise: rate.extraSlab * 100,
        minDays: rate.minDays,
        maxDays: rate.maxDays,
      })),
    )
    .onConflictDoNothing();
}
