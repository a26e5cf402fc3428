import type { ApiShippingSettings, ShippingSettingsInput } from '../../../shared/api/shipping.schemas.js';
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
    if (input.mode === 'card') {
      const message = 'Charging by the rate card needs a rate for every zone.';
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

function settingsValuesOf(input: ShippingSettingsInput): repository.SettingsValues {
  // Orders and invoices have no line for a COD fee yet: a fee set here would be shown and never charged.
  if (input.codFee > 0 || input.codFeePercent > 0) {
    const message = 'A cash-on-delivery fee cannot be charged yet: leave it at 0.';
    throw badRequest(message, { [input.codFee > 0 ? 'codFee' : 'codFeePercent']: message });
  }
  if (input.mode === 'card' && !input.warehouse) {
    const message = 'Charging by the rate card needs the pickup address parcels leave from.';
    throw badRequest(message, { warehouse: message });
  }
  return {
    mode: input.mode,
    codFeePaise: rupeesToPaise(input.codFee),
    codFeeBp: Math.round(input.codFeePercent * 100),
    defaultWeightGrams: input.defaultParcel.weightGrams,
    defaultLengthMm: input.defaultParcel.lengthMm,
    defaultWidthMm: input.defaultParcel.widthMm,
    defaultHeightMm: input.defaultParcel.heightMm,
  };
}

/** The console's shipping settings: read by staff who see orders, changed (and audited) by those who move them. */
export function createShippingSettings(deps: { db: Database; flat: FlatDelivery }) {
  const { db, flat } = deps;

  async function read(): Promise<ApiShippingSettings> {
    const [row, rates, warehouse] = await Promise.all([
      repository.readSettings(db),
      repository.readRates(db),
      repository.defaultWarehouse(db),
    ]);
    const settings = row ?? repository.DEFAULT_SETTINGS;
    return {
      mode: settings.mode === 'card' ? 'card' : 'flat',
      codFee: paiseToRupees(settings.codFeePaise),
      codFeePercent: settings.codFeeBp / 100,
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
              ? `Changed the shipping settings (delivery charged ${input.mode === 'card' ? 'by the rate card' : 'flat'})`
              : `Delivery now charged ${input.mode === 'card' ? 'by the rate card' : 'flat'} (was ${before.mode})`,
          before: was,
          after: { ...input, warehouse: input.warehouse },
        });
      });
      return read();
    },
  };
}

export type ShippingSettingsService = ReturnType<typeof createShippingSettings>;
