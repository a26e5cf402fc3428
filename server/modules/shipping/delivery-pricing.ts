import type { CodFee } from '../../../shared/cod-fee.js';
import type { Executor } from '../../db/client.js';
import type { ParcelFacts } from '../catalog/index.js';
import { type DeliveryPlace, deliveryBy } from '../pincodes/index.js';
import { clampRate, type LiveRates } from './live-rates.js';
import { chargeableGrams, type ParcelItem, type RateCard, rateFor, stackedBox } from './parcels.js';
import * as repository from './shipping.repository.js';
import { type Place, ZONES, type Zone, zoneOf } from './zones.js';

/**
 * What one delivery costs, from the shop's settings: the flat fee, the rate card's price for the
 * parcel's zone and chargeable weight, or (live) the courier provider's quote between the floor and
 * the cap, the card's price when the provider gives none; and when it arrives.
 */

/** Days promised where neither the pincode list nor the rate card says (the pincode list's default). */
const FALLBACK_DAYS = 5;

export type FlatDelivery = {
  /** DELIVERY_FEE in paise (0: delivery is always free). */
  feePaise: number;
  /** FREE_DELIVERY_FROM in paise: items after the coupon from this ship free, in either mode. */
  freeFromPaise: number;
};

/** Everything one delivery charge is worked out from, read in one go. */
export type ShippingPlan = {
  settings: repository.SettingsValues;
  rates: RateCard;
  origin: Place;
  /** The rate card is in force: mode 'card' (or 'live', as its fallback) with every zone priced. */
  byCard: boolean;
  /** Mode 'live' with its fallback card, a pickup address and a provider to ask: where parcels leave from. */
  live: PickupAddress | null;
};

/** A delivery charged for a parcel to a pincode, before the free-delivery threshold. */
export type DeliveryCharge = {
  serviceable: boolean;
  /** What the parcel costs to deliver below the threshold; 0: always free. */
  feePaise: number;
  freeFromPaise: number;
  zone: Zone | null;
  /** `YYYY-MM-DD` in India; null where the shop does not deliver. */
  deliveryBy: string | null;
  /** Whether the pincode's couriers take cash (the shop's own limit is the checkout's). */
  cod: boolean;
  /** Cash on delivery's handling fee, for the checkout to price an order paid in cash. */
  codFee: CodFee;
};

/** A pickup address as couriers take it. */
export type PickupAddress = {
  name: string;
  phone: string;
  lines: string[];
  city: string;
  state: string;
  pincode: string;
};

/** A warehouse as couriers take a pickup address. */
export function pickupOf(warehouse: repository.WarehouseRow): PickupAddress {
  return {
    name: warehouse.name,
    phone: warehouse.contactPhone,
    lines: [warehouse.addressLine1, warehouse.addressLine2].filter(Boolean),
    city: warehouse.city,
    state: warehouse.state,
    pincode: warehouse.pincode,
  };
}

/** A variant's weight and box, the shop's defaults filling what the merchant has not entered. */
export function parcelItem(
  facts: ParcelFacts | undefined,
  settings: repository.SettingsValues,
  quantity: number,
): ParcelItem {
  return {
    weightGrams: facts?.weightGrams ?? settings.defaultWeightGrams,
    lengthMm: facts?.lengthMm ?? settings.defaultLengthMm,
    widthMm: facts?.widthMm ?? settings.defaultWidthMm,
    heightMm: facts?.heightMm ?? settings.defaultHeightMm,
    quantity,
  };
}

export function createDeliveryPricing(deps: {
  flat: FlatDelivery;
  sellerState: string;
  now: () => number;
  liveRates: LiveRates | undefined;
}) {
  const { flat, now, liveRates } = deps;

  async function plan(executor: Executor): Promise<ShippingPlan> {
    const [row, rates, warehouse] = await Promise.all([
      repository.readSettings(executor),
      repository.readRates(executor),
      repository.defaultWarehouse(executor),
    ]);
    const settings = row ?? repository.DEFAULT_SETTINGS;
    const origin = warehouse
      ? { city: warehouse.city, district: warehouse.district, state: warehouse.state }
      : { city: '', district: '', state: deps.sellerState };
    const byCard = (settings.mode === 'card' || settings.mode === 'live') && rates.length === ZONES.length;
    const live = settings.mode === 'live' && byCard && warehouse && liveRates ? pickupOf(warehouse) : null;
    return { settings, rates, origin, byCard, live };
  }

  /**
   * What the parcel costs below the free threshold: flat, the rate card's price, or (live) the
   * provider's quote kept between the floor and the cap, the card's price when it gives none.
   */
  async function feeFor(
    shop: ShippingPlan,
    destination: DeliveryPlace & { pincode?: string | undefined },
    items: readonly ParcelItem[],
    valuePaise: number,
  ): Promise<number> {
    if (!shop.byCard) return flat.feePaise;
    const zone = destination.place ? zoneOf(shop.origin, destination.place) : null;
    const grams = chargeableGrams(items);
    if (shop.live && liveRates && destination.pincode && destination.serviceable) {
      const quoted = await liveRates.priceOf({
        from: shop.live,
        to: {
          pincode: destination.pincode,
          city: destination.place?.city ?? '',
          state: destination.place?.state ?? '',
        },
        weightGrams: grams,
        dimensionsMm: stackedBox(items),
        valuePaise,
      });
      if (quoted !== undefined)
        return clampRate(quoted, {
          floorPaise: shop.settings.liveFloorPaise,
          capPaise: shop.settings.liveCapPaise,
        });
    }
    // Where the place is unknown (no pincode yet, or an unlisted one), the widest ordinary zone.
    return rateFor(shop.rates, zone ?? 'rest', grams);
  }

  function charge(shop: ShippingPlan, destination: DeliveryPlace, feePaise: number): DeliveryCharge {
    const zone = destination.place ? zoneOf(shop.origin, destination.place) : null;
    const priced = zone ?? 'rest';
    const days =
      destination.deliveryDays ?? shop.rates.find((rate) => rate.zone === priced)?.maxDays ?? FALLBACK_DAYS;
    return {
      serviceable: destination.serviceable,
      feePaise,
      freeFromPaise: flat.freeFromPaise,
      zone,
      deliveryBy: destination.serviceable ? deliveryBy(now(), days) : null,
      cod: destination.cod,
      codFee: { fixedPaise: shop.settings.codFeePaise, percentBp: shop.settings.codFeeBp },
    };
  }

  return { plan, feeFor, charge };
}
