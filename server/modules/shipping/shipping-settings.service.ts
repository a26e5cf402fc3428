import type {
  ApiShippingSettings,
  ShippingMode,
  ShippingSettingsInput,
} from '../../../shared/api/shipping.schemas.js';
import { paiseToRupees, rupeesToPaise } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { ZoneRate } from './parcels.js';
import * as repository from './shipping.repository.js';
import type { FlatDelivery } from './shipping.service.js';
import { ZONE_LABELS, ZONES } from './zones.js';

/** The whole rate card, or none at all; refuses a zone twice, a missing one, days the wrong way round. */
function rateCardOf(input: ShippingSettingsInput): ZoneRate[] {
  const rates = input.rates;
  if (rates.length === 0) {
    if (input.mode !== 'flat') {
      const message =
        input.mode === 'card'
          ? 'Charging by the rate card needs a rate for every zone.'
          : 'Live rates need the rate card for every zone: it prices delivery when the courier provider does not answer.';
      throw badRequest(message, { rates: message });
    }
    return [];
  }
  for (const [index, rate] of rates.entries()) {
    if (rates.findIndex((other) => other.zone === rate.zone) !== index) {
      const message = `${ZONE_LABELS[rate.zone]} is listed twice. Give each zone one rate.`;
      throw badRequest(message, { [`rates.${index}.zone`]: message });
    }
    if (rate.maxDays < rate.minDays) {
      const message = `${ZONE_LABELS[rate.zone]}: the most days cannot be fewer than the least.`;
      throw badRequest(message, { [`rates.${index}.maxDays`]: message });
    }
  }
  const missing = ZONES.filter((zone) => !rates.some((rate) => rate.zone === zone));
  if (missing.length > 0) {
    const message = `The rate card needs every zone: add ${missing.map((zone) => ZONE_LABELS[zone]).join(', ')}.`;
    throw badRequest(message, { rates: message });
  }
  return ZONES.map((zone) => {
    const rate = rates.find((row) => row.zone === zone)!;
    return {
      zone,
      firstSlabPaise: rupeesToPaise(rate.firstSlab),
      extraSlabPaise: rupeesToPaise(rate.extraSlab),
      minDays: rate.minDays,
      maxDays: rate.maxDays,
    };
  });
}

/** Live rates' floor and cap in paise: the floor never above the cap, a cap to charge by in live mode. */
function liveBoundsOf(input: ShippingSettingsInput) {
  const floorPaise = rupeesToPaise(input.liveFloor ?? 0);
  const capPaise = rupeesToPaise(input.liveCap ?? 0);
  if (input.mode === 'live' && capPaise === 0) {
    const message = 'Live rates need a cap above ₹0: the most a delivery may be charged.';
    throw badRequest(message, { liveCap: message });
  }
  if (capPaise < floorPaise) {
    const message = 'The cap cannot be less than the floor.';
    throw badRequest(message, { liveCap: message });
  }
  return { liveFloorPaise: floorPaise, liveCapPaise: capPaise };
}

function settingsValuesOf(input: ShippingSettingsInput): repository.SettingsValues {
  if (input.mode !== 'flat' && !input.warehouse) {
    const message =
      input.mode === 'card'
        ? 'Charging by the rate card needs the pickup address parcels leave from.'
        : 'Live rates need the pickup address parcels leave from: couriers quote from it.';
    throw badRequest(message, { warehouse: message });
  }
  // A percent with more than two decimals would be stored rounded: refused rather than changed.
  if (!Number.isInteger(Math.round(input.codFeePercent * 1e6) / 1e4)) {
    const message = 'The COD fee percent has at most two decimals.';
    throw badRequest(message, { codFeePercent: message });
  }
  return {
    mode: input.mode,
    codFeePaise: rupeesToPaise(input.codFee),
    codFeeBp: Math.round(input.codFeePercent * 100),
    ...liveBoundsOf(input),
    defaultWeightGrams: input.defaultParcel.weightGrams,
    defaultLengthMm: input.defaultParcel.lengthMm,
    defaultWidthMm: input.defaultParcel.widthMm,
    defaultHeightMm: input.defaultParcel.heightMm,
  };
}

const MODE_WORDS: Record<ShippingMode, string> = {
  flat: 'flat',
  card: 'by the rate card',
  live: 'by live courier rates',
};
const modeOf = (stored: string): ShippingMode => (stored === 'card' || stored === 'live' ? stored : 'flat');

/** The console's shipping settings: read by staff who see orders, changed (and audited) by those who move them. */
export function createShippingSettings(deps: {
  db: Database;
  flat: FlatDelivery;
  /** Told after a save, so live quotes are asked afresh under the new settings. */
  onSaved?: () => void;
}) {
  const { db, flat } = deps;

  async function read(): Promise<ApiShippingSettings> {
    const [row, rates, warehouse] = await Promise.all([
      repository.readSettings(db),
      repository.readRates(db),
      repository.defaultWarehouse(db),
    ]);
    const settings = row ?? repository.DEFAULT_SETTINGS;
    return {
      mode: modeOf(settings.mode),
      codFee: paiseToRupees(settings.codFeePaise),
      codFeePercent: settings.codFeeBp / 100,
      liveFloor: paiseToRupees(settings.liveFloorPaise),
      liveCap: paiseToRupees(settings.liveCapPaise),
      defaultParcel: {
        weightGrams: settings.defaultWeightGrams,
        lengthMm: settings.defaultLengthMm,
        widthMm: settings.defaultWidthMm,
        heightMm: settings.defaultHeightMm,
      },
      rates: rates.map((rate) => ({
        zone: rate.zone,
        label: ZONE_LABELS[rate.zone],
        firstSlab: paiseToRupees(rate.firstSlabPaise),
        extraSlab: paiseToRupees(rate.extraSlabPaise),
        minDays: rate.minDays,
        maxDays: rate.maxDays,
      })),
      warehouse: warehouse
        ? {
            id: warehouse.id,
            name: warehouse.name,
            contactPhone: warehouse.contactPhone,
            addressLine1: warehouse.addressLine1,
            addressLine2: warehouse.addressLine2,
            city: warehouse.city,
            district: warehouse.district,
            state: warehouse.state,
            pincode: warehouse.pincode,
          }
        : null,
      flat: {
        deliveryFee: paiseToRupees(flat.feePaise),
        freeDeliveryFrom: paiseToRupees(flat.freeFromPaise),
      },
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    read,

    /** Replaces the settings, the rate card and the default pickup address in one audited transaction. */
    async save(actor: AuditActor, input: ShippingSettingsInput): Promise<ApiShippingSettings> {
      const values = settingsValuesOf(input);
      const rates = rateCardOf(input);
      const before = await read();
      await db.transaction(async (tx) => {
        await repository.writeSettings(tx, values);
        await repository.replaceRates(tx, rates);
        if (input.warehouse) {
          const { addressLine2, district, ...warehouse } = input.warehouse;
          await repository.saveDefaultWarehouse(tx, {
            ...warehouse,
            addressLine2: addressLine2 ?? '',
            district: district ?? '',
          });
        } else {
          await repository.clearDefaultWarehouse(tx);
        }
        const { updatedAt: _was, ...was } = before;
        await recordAudit(tx, actor, {
          action: 'shipping.settings',
          entityType: 'shipping',
          summary:
            input.mode === before.mode
              ? `Changed the shipping settings (delivery charged ${MODE_WORDS[input.mode]})`
              : `Delivery now charged ${MODE_WORDS[input.mode]} (was ${MODE_WORDS[before.mode]})`,
          before: was,
          after: { ...input, warehouse: input.warehouse },
        });
      });
      deps.onSaved?.();
      return read();
    },
  };
}

export type ShippingSettingsService = ReturnType<typeof createShippingSettings>;
