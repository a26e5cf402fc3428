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
