import type { FastifyBaseLogger } from 'fastify';
import { createTtlCache } from '../../lib/ttl-cache.js';

/**
 * Delivery priced by the courier provider's live quote (mode `live`), kept between the shop's floor
 * and cap. The provider is asked with a short timeout; slow, down, failing or quoting nothing, it
 * answers undefined and the rate card prices the parcel, so a checkout never waits on it for long
 * nor fails because of it. After a failure it is left alone for a while (every checkout would
 * otherwise wait out the timeout while it is down); a good quote is kept for a few minutes, so a
 * shopper's quote and order usually see the same figure. The shipping module knows no provider:
 * the composition root hands it the quoting function (server/flows/quote-live-delivery.ts).
 */

/** A parcel as a provider quotes it: from the pickup address to a pincode. */
export type LiveParcel = {
  from: { name: string; phone: string; lines: string[]; city: string; state: string; pincode: string };
  to: { pincode: string; city: string; state: string };
  weightGrams: number;
  dimensionsMm: { length: number; width: number; height: number };
  /** The goods' value (paise), for the provider's paperwork. */
  valuePaise: number;
};

/** The provider's price (paise, GST included) by the courier the shop's rule picks. */
export type LiveRate = { chargePaise: number; courier: string; days: number };

/** Asks the provider; undefined when no courier serves the parcel. */
export type LiveRateQuote = (parcel: LiveParcel) => Promise<LiveRate | undefined>;

/** How long a good quote is reused. */
const KEEP_QUOTE_MS = 5 * 60_000;
/** How long the provider is left alone after it failed or was too slow. */
const PAUSE_AFTER_FAILURE_MS = 30_000;

export type LiveRatesDeps = {
  quote: LiveRateQuote;
  /** How long a checkout waits for the provider before the rate card answers. */
  timeoutMs: number;
  log?: FastifyBaseLogger | undefined;
  now?: () => number;
};

class TooSlow extends Error {}

/** The provider's answer within `ms`, else TooSlow (the late answer is dropped). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TooSlow(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The provider's price clamped to [floor, cap]: what the shop charges for the parcel. */
export function clampRate(chargePaise: number, bounds: { floorPaise: number; capPaise: number }): number {
  return Math.min(bounds.capPaise, Math.max(bounds.floorPaise, chargePaise));
}

export function createLiveRates(deps: LiveRatesDeps) {
  const now = deps.now ?? Date.now;
  const quotes = createTtlCache({ ttlMs: KEEP_QUOTE_MS, maxEntries: 2_000, now });
  let pausedUntil = 0;

  const keyOf = (parcel: LiveParcel) => {
    const box = parcel.dimensionsMm;
    return `${parcel.from.pincode}>${parcel.to.pincode}:${parcel.weightGrams}:${box.length}x${box.width}x${box.height}`;
  };

  return {
    /**
     * The provider's price for the parcel in paise, or undefined when the rate card should answer
     * (the provider paused after a failure, slow, down, or quoting nothing).
     */
    async priceOf(parcel: LiveParcel): Promise<number | undefined> {
      if (now() < pausedUntil) return undefined;
      try {
        const rate = await quotes.get(keyOf(parcel), () => within(deps.quote(parcel), deps.timeoutMs));
        if (!rate || !Number.isSafeInteger(rate.chargePaise) || rate.chargePaise < 0) return undefined;
        return rate.chargePaise;
      } catch (error) {
        pausedUntil = now() + PAUSE_AFTER_FAILURE_MS;
        deps.log?.warn(
          { err: error instanceof TooSlow ? undefined : error, reason: (error as Error).message },
          'live delivery rate unavailable: the rate card prices delivery for the next 30 s',
        );
        return undefined;
      }
    },

    /** Asks the provider afresh from the next quote (the settings changed). */
    forget() {
      quotes.clear();
      pausedUntil = 0;
    },
  };
}

export type LiveRates = ReturnType<typeof createLiveRates>;
