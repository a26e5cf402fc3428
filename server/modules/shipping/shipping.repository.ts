import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shippingRates, shippingSettings, warehouses } from '../../db/schema.js';
import type { ZoneRate } from './parcels.js';
import { ZONES, type Zone } from './zones.js';

export type ShippingSettingsRow = typeof shippingSettings.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseValues = Omit<WarehouseRow, 'id' | 'isDefault' | 'createdAt' | 'updatedAt'>;
export type SettingsValues = Omit<ShippingSettingsRow, 'id' | 'updatedAt'>;

/** The settings a shop has before anyone saves them (the columns' defaults). */
export const DEFAULT_SETTINGS: SettingsValues = {
  mode: 'flat',
  codFeePaise: 0,
  codFeeBp: 0,
  liveFloorPaise: 0,
  liveCapPaise: 0,
  defaultWeightGrams: 500,
  defaultLengthMm: 200,
  defaultWidthMm: 150,
  defaultHeightMm: 80,
};

export async function readSettings(db: Executor): Promise<ShippingSettingsRow | undefined> {
  const [row] = await db.select().from(shippingSettings).where(eq(shippingSettings.id, 1)).limit(1);
  return row;
}

export async function writeSettings(tx: Executor, values: SettingsValues): Promise<void> {
  await tx
    .insert(shippingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shippingSettings.id, set: { ...values, updatedAt: new Date() } });
}

/** The rate card in the zones' order. */
export async function readRates(db: Executor): Promise<ZoneRate[]> {
  const rows = await db.select().from(shippingRates);
  const byZone = new Map(rows.map((row) => [row.zone, row]));
  return ZONES.flatMap((zone) => {
    const row = byZone.get(zone);
    return row
      ? [
          {
            zone: zone as Zone,
            firstSlabPaise: row.firstSlabPaise,
            extraSlabPaise: row.extraSlabPaise,
            minDays: row.minDays,
            maxDays: row.maxDays,
          },
        ]
      : [];
  });
}

export async function replaceRates(tx: Executor, rates: readonly ZoneRate[]): Promise<void> {
  await tx.delete(shippingRates);
  if (rates.length > 0) await tx.insert(shippingRates).values([...rates]);
}

export async function defaultWarehouse(db: Executor): Promise<WarehouseRow | undefined> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.isDefault, true)).limit(1);
  return row;
}

/** The default pickup address changed in place, or created as the default. */
export async function saveDefaultWarehouse(tx: Executor, values: WarehouseValues): Promise<void> {
  const current = await defaultWarehouse(tx);
  if (current) await tx.update(warehouses).set(values).where(eq(warehouses.id, current.id));
  else await tx.insert(warehouses).values({ ...values, isDefault: true });
}

/** No default pickup address any more (the rows stay for the shipments a later change may name). */
export async function clearDefaultWarehouse(tx: Executor): Promise<void> {
  await tx.update(warehouses).set({ isDefault: false }).where(eq(warehouses.isDefault, true));
}
