import type { Transaction } from '../../db/client.js';
import { lockShopper } from '../../lib/shopper-lock.js';
import * as repository from './checkout.repository.js';

export type PlacementClaim =
  | { claimed: true; checkout: repository.CheckoutRow }
  | {
      claimed: false;
      /** As it was found (undefined: there is no such checkout). */
      checkout: repository.CheckoutRow | undefined;
      /** This checkout or another of its round already became the round's order. */
      roundOrdered: boolean;
    };

/**
 * Checkout's part of placing an order, first in placement's transaction: the shopper's lock (the
 * one checkouts are started under), then the checkout's row. A checkout still waiting for its order
 * (pending or paid) whose round has no order yet is claimed: marked completed, which the rest of the
 * transaction keeps or rolls back. Any other is left as it is, and the caller is told what it found.
 * A checkout is completed exactly when its order was written, so the round's question is answered
 * from the checkouts themselves.
 */
export async function claimForOrder(
  tx: Transaction,
  checkout: Pick<repository.CheckoutRow, 'id' | 'userId'>,
): Promise<PlacementClaim> {
  await lockShopper(tx, checkout.userId);
  const locked = await repository.lockCheckout(tx, checkout.id);
  if (!locked) return { claimed: false, checkout: undefined, roundOrdered: false };
  const roundOrdered = await repository.roundOrdered(tx, repository.roundOf(locked));
  if ((locked.status === 'pending' || locked.status === 'paid') && !roundOrdered) {
    await repository.setCheckoutStatus(tx, locked.id, 'completed');
    return { claimed: true, checkout: locked };
  }
  return { claimed: false, checkout: locked, roundOrdered };
}
