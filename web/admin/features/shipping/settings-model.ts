import {
  type ApiShippingSettings,
  SHIPPING_ZONES,
  type ShippingMode,
  type ShippingZone,
} from '../../../../shared/api/shipping.schemas';
import { codFeeOn } from '../../../../shared/cod-fee';

/*
 * The shipping settings form's values (every number as typed) and the body the API takes. The
 * server checks the numbers, the zones and the address; its field errors come back keyed by the
 * body's paths (`rates.2.maxDays`, `warehouse.pincode`) and are shown under those fields.
 */

export type RateValues = { firstSlab: string; extraSlab: string; minDays: string; maxDays: string };
export type ParcelValues = { weightGrams: string; lengthMm: string; widthMm: string; heightMm: string };
export type WarehouseValues = {
  name: string;
  contactPhone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  district: string;
  state: string;
  pincode: string;
};
export type SettingsValues = {
  mode: ShippingMode;
  /** Live rates' least and most charge (rupees, as typed). */
  liveFloor: string;
  liveCap: string;
  /** Cash on delivery's handling fee: rupees and percent of the order, as typed. */
  codFee: string;
  codFeePercent: string;
  rates: Record<ShippingZone, RateValues>;
  defaultParcel: ParcelValues;
  warehouse: WarehouseValues;
};

/** The zones' names, as the server calls them, for a card not saved yet. */
export const zoneLabels: Record<ShippingZone, string> = {
  city: 'Within city',
  state: 'Within state',
  metro: 'Metro to metro',
  rest: 'Rest of India',
  special: 'North-east, Jammu & Kashmir and Ladakh',
};

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const blankWarehouse: WarehouseValues = {
  name: '',
  contactPhone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  district: '',
  state: '',
  pincode: '',
};

export function valuesOf(settings: ApiShippingSettings): SettingsValues {
  const rates = Object.fromEntries(
    SHIPPING_ZONES.map((zone) => {
      const rate = settings.rates.find((r) => r.zone === zone);
      return [
        zone,
        {
          firstSlab: text(rate?.firstSlab),
          extraSlab: text(rate?.extraSlab),
          minDays: text(rate?.minDays),
          maxDays: text(rate?.maxDays),
        },
      ];
    }),
  ) as Record<ShippingZone, RateValues>;
  const parcel = settings.defaultParcel;
  const warehouse = settings.warehouse;
  return {
    mode: settings.mode,
    liveFloor: text(settings.liveFloor),
    liveCap: settings.liveCap > 0 ? text(settings.liveCap) : '',
    codFee: text(settings.codFee),
    codFeePercent: text(settings.codFeePercent),
    rates,
    defaultParcel: {
      weightGrams: text(parcel.weightGrams),
      lengthMm: text(parcel.lengthMm),
      widthMm: text(parcel.widthMm),
      heightMm: text(parcel.heightMm),
    },
    warehouse: warehouse
      ? {
          name: warehouse.name,
          contactPhone: warehouse.contactPhone,
          addressLine1: warehouse.addressLine1,
          addressLine2: warehouse.addressLine2,
          city: warehouse.city,
          district: warehouse.district,
          state: warehouse.state,
          pincode: warehouse.pincode,
        }
      : blankWarehouse,
  };
}

/** A typed number; blank or not a number is sent as null, which the server names the field for. */
const numberOf = (typed: string): number | null => {
  const trimmed = typed.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

const allBlank = (values: Record<string, string>) => Object.values(values).every((v) => v.trim() === '');

/**
 * The body of `PUT /api/admin/shipping/settings`: the five zones in a fixed order (so `rates.N` in an
 * error is `SHIPPING_ZONES[N]`), or none when every box of the card is blank; no pickup address
 * when every box of it is blank. A blank COD fee, floor or cap is 0 (a cap of 0 is refused in live mode).
 */
export function bodyOf(values: SettingsValues) {
  const cardBlank = SHIPPING_ZONES.every((zone) => allBlank(values.rates[zone]));
  const parcel = values.defaultParcel;
  const orZero = (typed: string) => (typed.trim() === '' ? 0 : numberOf(typed));
  return {
    mode: values.mode,
    codFee: orZero(values.codFee),
    codFeePercent: orZero(values.codFeePercent),
    liveFloor: orZero(values.liveFloor),
    liveCap: orZero(values.liveCap),
    defaultParcel: {
      weightGrams: numberOf(parcel.weightGrams),
      lengthMm: numberOf(parcel.lengthMm),
      widthMm: numberOf(parcel.widthMm),
      heightMm: numberOf(parcel.heightMm),
    },
    rates: cardBlank
      ? []
      : SHIPPING_ZONES.map((zone) => {
          const rate = values.rates[zone];
          return {
            zone,
            firstSlab: numberOf(rate.firstSlab),
            extraSlab: numberOf(rate.extraSlab),
            minDays: numberOf(rate.minDays),
            maxDays: numberOf(rate.maxDays),
          };
        }),
    warehouse: allBlank(values.warehouse) ? null : { ...values.warehouse },
  };
}

/** The server's field errors by the form's own names: `rates.2.maxDays` is `rates.metro.maxDays`. */
export function fieldErrorsOf(fields: Record<string, string> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const [head, index, ...rest] = path.split('.');
    const zone = head === 'rates' && index !== undefined ? SHIPPING_ZONES[Number(index)] : undefined;
    const key = zone ? ['rates', zone, ...rest].join('.') : path;
    errors[key] ??= message;
  }
  return errors;
}

/** What a parcel of `grams` costs on a zone's row as typed (the card's rule: 0.5 kg slabs); null when blank. */
export function slabPrice(rate: RateValues, grams: number): number | null {
  const first = numberOf(rate.firstSlab);
  const extra = numberOf(rate.extraSlab);
  if (first === null || extra === null) return null;
  const slabs = Math.max(1, Math.ceil(grams / 500));
  return Math.round((first + extra * (slabs - 1)) * 100) / 100;
}

/**
 * Cash on delivery's fee on an order of `rupees` as typed (the checkout's rule: fixed plus percent,
 * to the paisa); null while a box holds no number.
 */
export function codFeeExample(values: Pick<SettingsValues, 'codFee' | 'codFeePercent'>, rupees: number) {
  const fixed = values.codFee.trim() === '' ? 0 : numberOf(values.codFee);
  const percent = values.codFeePercent.trim() === '' ? 0 : numberOf(values.codFeePercent);
  if (fixed === null || percent === null || fixed < 0 || percent < 0) return null;
  const paise = codFeeOn(Math.round(rupees * 100), {
    fixedPaise: Math.round(fixed * 100),
    percentBp: Math.round(percent * 100),
  });
  return paise / 100;
}
