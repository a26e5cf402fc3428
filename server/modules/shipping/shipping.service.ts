import type { FastifyBaseLogger } from 'fastify';
import type { ApiShippingEstimate, ShippingEstimateQuery } from '../../../shared/api/shipping.schemas.js';
import { type CodFee, codFeeOn } from '../../../shared/cod-fee.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type ParcelFacts, parcelFactsOf, parcelFactsOfProduct } from '../catalog/index.js';
import { type DeliveryPlace, deliveryBy, deliveryPlaceOf } from '../pincodes/index.js';
import { clampRate, createLiveRates, type LiveRateQuote } from './live-rates.js';
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
  /**
   * The courier provider's price for a parcel (mode `live`), handed in by the composition root;
   * without it, live mode prices by the rate card.
   */
  liveRate?: LiveRateQuote | undefined;
  /** How long a quote waits for the provider before the rate card answers (ms). */
  liveTimeoutMs?: number;
  log?: FastifyBaseLogger | undefined;
};


/** Everything one delivery charge is worked out from, read in one go. */
type ShippingPlan = {
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

/** A line of the parcel; its price (when given) is the goods' value the provider is told. */
export type ParcelLine = { variantId: string; quantity: number; pricePaise?: number };

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
function pickupOf(warehouse: repository.WarehouseRow): PickupAddress {
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
  const liveRates = deps.liveRate
    ? createLiveRates({ quote: deps.liveRate, timeoutMs: deps.liveTimeoutMs ?? 1_500, log: deps.log, now })
    : undefined;

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

  const isFree = (rules: { feePaise: number; freeFromPaise: number }, itemsPaise: number) =>
    rules.feePaise === 0 || itemsPaise >= rules.freeFromPaise;

  return {
    /**
     * For booking a parcel (shipments): where couriers collect it, the default warehouse;
     * undefined while none is set.
     */
    async pickupAddress(executor: Executor = db): Promise<PickupAddress | undefined> {
      const warehouse = await repository.defaultWarehouse(executor);
      return warehouse ? pickupOf(warehouse) : undefined;
    },

    /** The settings changed: the provider is asked afresh (no kept quote, no pause after a failure). */
    forgetLiveRates() {
      liveRates?.forget();
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
     * of India, with no date). Live rates ask the provider over the network: never call this
     * inside a transaction.
     */
    async chargeFor(executor: Executor, pincode: string | undefined, lines: readonly ParcelLine[]) {
      const [shop, destination] = await Promise.all([
        plan(executor),
        pincode ? deliveryPlaceOf(executor, pincode) : undefined,
      ]);
      // Weights matter to the rate card and live rates only; the flat fee reads none.
      const facts = shop.byCard
        ? await parcelFactsOf(
            executor,
            lines.map((line) => line.variantId),
          )
        : new Map<string, ParcelFacts>();
      const items = lines.map((line) => parcelItem(facts.get(line.variantId), shop.settings, line.quantity));
      const place = destination ?? { serviceable: true, cod: true, place: null, deliveryDays: null };
      const valuePaise = lines.reduce((sum, line) => sum + (line.pricePaise ?? 0) * line.quantity, 0);
      const feePaise = await feeFor(shop, { ...place, pincode }, items, valuePaise);
      const result = charge(shop, place, feePaise);
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
      const answer = { pincode: query.pincode, place };
      if (!destination.serviceable) {
        return {
          ...answer,
          serviceable: false,
          charge: null,
          deliveryBy: null,
          cod: false,
          codFee: 0,
          zone: null,
          message: `We do not deliver to ${query.pincode} yet.`,
        };
      }
      const itemsPaise = facts.pricePaise * quantity;
      const items = [parcelItem(facts, shop.settings, quantity)];
      const feePaise = await feeFor(shop, { ...destination, pincode: query.pincode }, items, itemsPaise);
      const result = charge(shop, destination, feePaise);
      const chargePaise = isFree(result, itemsPaise) ? 0 : result.feePaise;
      const codFeePaise = codFeeOn(itemsPaise + chargePaise, result.codFee);
      const cod =
        result.cod &&
        deps.codMaxOrderPaise > 0 &&
        itemsPaise + chargePaise + codFeePaise <= deps.codMaxOrderPaise;
      return {
        ...answer,
        serviceable: true,
        charge: paiseToRupees(chargePaise),
        deliveryBy: result.deliveryBy,
        cod,
        codFee: cod ? paiseToRupees(codFeePaise) : 0,
        zone: result.zone,
        message: null,
      };
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
