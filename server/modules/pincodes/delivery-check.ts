import { regionsForPincode } from '../../../shared/pincode-regions.js';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { findPincode, listIsEmpty } from './pincodes.repository.js';

/** The field a refusal names, as the checkout's body spells it. */
const FIELD = 'shippingInfo.pincode';

/**
 * For other modules (the checkout): refuses, with a 400 the shopper can act on, a delivery address
 * whose pincode the shop does not serve or whose state is not the pincode's. `state` is the
 * official name (the address schema has already read it). While the shop's list is empty it
 * delivers everywhere and nothing is refused. With `cashOnDelivery`, a pincode whose couriers do
 * not take cash is refused too.
 */
export async function checkDeliveryPincode(
  db: Executor,
  pincode: string,
  state: string,
  options: { cashOnDelivery?: boolean } = {},
): Promise<void> {
  const row = await findPincode(db, pincode);
  if (!row) {
    if (await listIsEmpty(db)) return;
    const message = `We do not deliver to ${pincode} yet.`;
    throw badRequest(message, { [FIELD]: message });
  }
  if (!row.serviceable) {
    const message = `We do not deliver to ${pincode} yet.`;
    throw badRequest(message, { [FIELD]: message });
  }
  if (row.state !== state) {
    const message = `Pincode ${pincode} is in ${row.state}, not ${state}.`;
    throw badRequest(message, { [FIELD]: message });
  }
  // Couriers take cash only where the shop's list says so.
  if (options.cashOnDelivery && !row.cod) {
    const message = `Cash on delivery is not available for ${pincode} (${row.city}). Please pay online.`;
    throw badRequest(message, { [FIELD]: message });
  }
}

/** What shipping needs of a delivery pincode: whether and where the shop delivers there. */
export type DeliveryPlace = {
  serviceable: boolean;
  /** Whether its couriers take cash (as the checkout allows it). */
  cod: boolean;
  /** Null where the list does not name the place; the state alone when only the PIN's region tells it. */
  place: { city: string; district: string; state: string } | null;
  /** The list's days from the warehouse; null when the pincode is not listed. */
  deliveryDays: number | null;
};

/**
 * For other modules (shipping): a pincode as the shop's list has it. While the list is empty the
 * shop delivers everywhere (as the checkout does), cash included, and only the state the PIN's
 * first digits name, when they name one, is known.
 */
export async function deliveryPlaceOf(db: Executor, pincode: string): Promise<DeliveryPlace> {
  const row = await findPincode(db, pincode);
  if (row) {
    const { city, district, state } = row;
    return {
      serviceable: row.serviceable,
      cod: row.serviceable && row.cod,
      place: { city, district, state },
      deliveryDays: row.deliveryDays,
    };
  }
  if (!(await listIsEmpty(db))) return { serviceable: false, cod: false, place: null, deliveryDays: null };
  const regions = regionsForPincode(pincode);
  const place = regions.length === 1 ? { city: '', district: '', state: regions[0]! } : null;
  return { serviceable: true, cod: true, place, deliveryDays: null };
}
