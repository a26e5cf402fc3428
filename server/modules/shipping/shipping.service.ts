import type { ApiShippingEstimate, ShippingEstimateQuery } from '../../../shared/api/shipping.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type ParcelFacts, parcelFactsOf, parcelFactsOfProduct } from '../catalog/index.js';
import { type DeliveryPlace, deliveryBy, deliveryPlaceOf } from '../pincodes/index.js';
import { chargeableGrams, type ParcelItem, type RateCard, rateFor, stackedBox } from './parcels.js';
import * as repository from './shipping.repository.js';
import { type Place, ZONES, type Zone, zoneOf } from './zones.js';

/** Days promised where neither the pincode list nor the rate card says (the pincode list's default). */
const FALLBACK_DAYS = 5;

export type FlatDelivery = {
  /** DELIVERY_FEE in paise (0: delivery is always free). */
  feePaise: number;
  /** FREE_DELIVERY_FROM in paise: items after the coupon from this ship free, in either mode. */
  freeFromPaise: number;
};

export type ShippingDeps = {
  db: Database;
  flat: FlatDelivery;
  /** Where parcels leave from while no pickup address is set: the seller's state. */
  sellerState: string;
  /** Cash on delivery's largest order in paise (0: the shop takes no cash). */
  codMaxOrderPaise: number;
  /** The clock, for delivery dates (tests move it). */
  now?: () => number;
};

/** Everything one delivery charge is worked out from, read in one go. */
type ShippingPlan = {
  settings: repository.SettingsValues;
  rates: RateCard;
  origin: Place;
  /** The rate card is in force: mode 'card' with every zone priced. */
  byCard: boolean;
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
};

export type ParcelLine = { variantId: string; quantity: number };

/** A pickup address as couriers take it. */
export type PickupAddress = {
  name: string;
  phone: string;
  lines: string[];
  city: string;
  state: string;
  pincode: string;
};

/** A variant's weight and box, the shop's defaults filling what the merchant has not entered. */
function parcelItem(
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

/**
 * Delivery charges and promises. Flat mode charges DELIVERY_FEE as the shop always has; card
 * mode the rate card's price for the parcel's zone and chargeable weight. Either way the items
 * from FREE_DELIVERY_FROM ship free, and the date is the pincode's own days (else the zone's most)
 * from today's dispatch.
 */
export function createShippingService(deps: ShippingDeps) {
  const { db, flat } = deps;
  const now = deps.now ?? Date.now;

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
    return { settings, rates, origin, byCard: settings.mode === 'card' && rates.length === ZONES.length };
  }

  function charge(
    shop: ShippingPlan,
    destination: DeliveryPlace,
    items: readonly ParcelItem[],
  ): DeliveryCharge {
    const zone = destination.place ? zoneOf(shop.origin, destination.place) : null;
    // Where the place is unknown (no pincode yet, or an unlisted one), the widest ordinary zone.
    const priced = zone ?? 'rest';
    const feePaise = shop.byCard ? rateFor(shop.rates, priced, chargeableGrams(items)) : flat.feePaise;
    const days =
      destination.deliveryDays ?? shop.rates.find((rate) => rate.zone === priced)?.maxDays ?? FALLBACK_DAYS;
    return {
      serviceable: destination.serviceable,
      feePaise,
      freeFromPaise: flat.freeFromPaise,
      zone,
      deliveryBy: destination.serviceable ? deliveryBy(now(), days) : null,
      cod: destination.cod,
    };
  }

  const isFree = (rules: { feePaise: number; freeFromPaise: number }, itemsPaise: number) =>
    rules.feePaise === 0 || itemsPaise >= rules.freeFromPaise;

  return {
    /**
     * For booking a parcel (shipments): where couriers collect it, the default warehouse;
     * undefined while none is set.
     */
    async pickupAddress(executor: Executor = db): Promise<PickupAddress | undefined> {
      const warehouse = await repository.defaultWarehouse(executor);
      if (!warehouse) return undefined;
      return {
        name: warehouse.name,
        phone: warehouse.contactPhone,
        lines: [warehouse.addressLine1, warehouse.addressLine2].filter(Boolean),
        city: warehouse.city,
        state: warehouse.state,
        pincode: warehouse.pincode,
      };
    },

    /**
     * For booking a parcel: the units' chargeable weight (the larger of dead and volumetric, in
     * 0.5 kg slabs) and a box around them, the shop's default parcel filling what is not entered.
     */
    async parcelOf(executor: Executor, lines: readonly ParcelLine[]) {
      const [row, facts] = await Promise.all([
        repository.readSettings(executor),
        parcelFactsOf(
          executor,
          lines.map((line) => line.variantId),
        ),
      ]);
      const settings = row ?? repository.DEFAULT_SETTINGS;
      const items = lines.map((line) => parcelItem(facts.get(line.variantId), settings, line.quantity));
      return { weightGrams: chargeableGrams(items), dimensionsMm: stackedBox(items) };
    },

    /**
     * For the checkout: the delivery of these cart lines to `pincode` (none yet: priced as the rest
     * of India, with no date), inside the caller's transaction when it has one.
     */
    async chargeFor(executor: Executor, pincode: string | undefined, lines: readonly ParcelLine[]) {
      const [shop, destination] = await Promise.all([
        plan(executor),
        pincode ? deliveryPlaceOf(executor, pincode) : undefined,
      ]);
      // Weights matter to the rate card only; the flat fee reads none.
      const facts = shop.byCard
        ? await parcelFactsOf(
            executor,
            lines.map((line) => line.variantId),
          )
        : new Map<string, ParcelFacts>();
      const items = lines.map((line) => parcelItem(facts.get(line.variantId), shop.settings, line.quantity));
      const result = charge(
        shop,
        destination ?? { serviceable: true, cod: true, place: null, deliveryDays: null },
        items,
      );
      return destination ? result : { ...result, deliveryBy: null };
    },

    /** GET /api/shipping/estimate: one product (quantity of it) to a pincode, as the checkout would charge it. */
    async estimate(query: ShippingEstimateQuery): Promise<ApiShippingEstimate> {
      const quantity = query.quantity ?? 1;
      const facts = await parcelFactsOfProduct(db, query.productId, query.variantId);
      if (!facts) {
        const message = query.variantId
          ? 'We could not find that product or option. Please choose again.'
          : 'We could not find that product.';
        throw badRequest(message, { [query.variantId ? 'variantId' : 'productId']: message });
      }
      const [shop, destination] = await Promise.all([plan(db), deliveryPlaceOf(db, query.pincode)]);
      const place = destination.place && { city: destination.place.city, state: destination.place.state };
      const answer = { pincode: query.pincode, codFee: 0, place };
      if (!destination.serviceable) {
        return {
          ...answer,
          serviceable: false,
          charge: null,
          deliveryBy: null,
          cod: false,
          zone: null,
          message: `We do not deliver to ${query.pincode} yet.`,
        };
      }
      const itemsPaise = facts.pricePaise * quantity;
      const result = charge(shop, destination, [parcelItem(facts, shop.settings, quantity)]);
      const chargePaise = isFree(result, itemsPaise) ? 0 : result.feePaise;
      const cod =
        result.cod && deps.codMaxOrderPaise > 0 && itemsPaise + chargePaise <= deps.codMaxOrderPaise;
      return {
        ...answer,
        serviceable: true,
        charge: paiseToRupees(chargePaise),
        deliveryBy: result.deliveryBy,
        cod,
        zone: result.zone,
        message: null,
      };
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
