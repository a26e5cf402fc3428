import type { FastifyBaseLogger } from 'fastify';
import type { ApiShippingEstimate, ShippingEstimateQuery } from '../../../shared/api/shipping.schemas.js';
import { codFeeOn } from '../../../shared/cod-fee.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type ParcelFacts, parcelFactsOf, parcelFactsOfProduct } from '../catalog/index.js';
import { deliveryPlaceOf } from '../pincodes/index.js';
import {
  createDeliveryPricing,
  type DeliveryCharge,
  type FlatDelivery,
  type PickupAddress,
  parcelItem,
  pickupOf,
} from './delivery-pricing.js';
import { createLiveRates, type LiveRateQuote } from './live-rates.js';
import { chargeableGrams, stackedBox } from './parcels.js';
import * as repository from './shipping.repository.js';

export type { DeliveryCharge, FlatDelivery, PickupAddress };

/** A line of the parcel; its price (when given) is the goods' value the provider is told. */
export type ParcelLine = { variantId: string; quantity: number; pricePaise?: number };

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

/**
 * Delivery charges and promises. Flat mode charges DELIVERY_FEE as the shop always has; card
 * mode the rate card's price for the parcel's zone and chargeable weight; live mode the courier
 * provider's quote between the shop's floor and cap, the card's price when the provider is slow,
 * down or quotes nothing (delivery-pricing.ts, live-rates.ts). Every way the items from
 * FREE_DELIVERY_FROM ship free, and the date is the pincode's own days (else the zone's most) from
 * today's dispatch.
 */
export function createShippingService(deps: ShippingDeps) {
  const { db, flat } = deps;
  const now = deps.now ?? Date.now;
  const liveRates = deps.liveRate
    ? createLiveRates({ quote: deps.liveRate, timeoutMs: deps.liveTimeoutMs ?? 1_500, log: deps.log, now })
    : undefined;
  const { plan, feeFor, charge } = createDeliveryPricing({
    flat,
    sellerState: deps.sellerState,
    now,
    liveRates,
  });

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
