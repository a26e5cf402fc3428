import type { Database } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import { DOCUMENT_FONTS, orderNumbersOf } from '../modules/orders/index.js';
import { formatIndiaDay } from '../modules/pincodes/index.js';
import {
  findPickup,
  type ManifestView,
  parcelsOfPickups,
  renderManifests,
} from '../modules/shipments/index.js';
import type { Seller } from '../seller-setting.js';
import { type ParcelShipping, pickupAddress } from './shipment-parcels.js';

const printedAt = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * A pickup's manifest (crossing shipments, orders and shipping): one A4 manifest per courier of
 * its parcels now, with the order numbers, the shop and the pickup address, for the courier's
 * agent to sign as they collect.
 */
export function createPickupManifests(deps: { db: Database; seller: Seller; shipping: ParcelShipping }) {
  const { db, seller } = deps;

  async function manifest(pickupId: string): Promise<{ fileName: string; pdf: Buffer }> {
    const pickup = await findPickup(db, pickupId);
    if (!pickup) throw notFound('There is no pickup with that id.');
    if (pickup.status === 'failed')
      throw conflict('The courier refused this pickup: it has no manifest. Ask for another pickup.');
    const parcels = await parcelsOfPickups(db, [pickup.id]);
    if (parcels.length === 0)
      throw conflict('Every parcel of this pickup was cancelled: there is nothing to hand over.');
    const numbers = await orderNumbersOf(
      db,
      parcels.map((p) => p.orderId),
    );
    const from = await pickupAddress(deps.shipping, seller);
    const couriers = [...new Set(parcels.map((p) => p.courier))].sort();
    const views: ManifestView[] = couriers.map((courier) => ({
      shop: { name: seller.legalName, gstin: seller.gstin || null },
      from,
      provider: pickup.provider,
      courier,
      day: `${formatIndiaDay(pickup.day)} ${pickup.day.slice(0, 4)}`,
      reference: pickup.reference,
      printedAt: printedAt.format(new Date()),
      parcels: parcels
        .filter((p) => p.courier === courier)
        .map((p) => ({
          awb: p.awb ?? '',
          orderNumber: numbers.get(p.orderId) ?? '',
          weightGrams: p.chargeableWeightGrams,
          codAmountPaise: p.codAmountPaise,
          pieces: p.lines.reduce((sum, line) => sum + line.quantity, 0),
        })),
    }));
    const pdf = await renderManifests(views, DOCUMENT_FONTS);
    return { fileName: `manifest-${pickup.day}-${pickup.reference ?? pickup.id.slice(0, 8)}.pdf`, pdf };
  }

  return { manifest };
}
