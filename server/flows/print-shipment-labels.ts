import type { Database } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import { DOCUMENT_FONTS, findOrder, type OrderRow } from '../modules/orders/index.js';
import {
  isActive,
  type LabelView,
  renderLabels,
  shipmentsByIds,
  shipmentsOfOrder,
} from '../modules/shipments/index.js';
import type { Seller } from '../seller-setting.js';
import { deliveryAddress, type ParcelShipping, pickupAddress } from './shipment-parcels.js';

/**
 * Shipping labels (crossing shipments and orders): a parcel's label, or many in one PDF for bulk
 * printing, with the order's number and delivery address.
 */
export function createShipmentLabels(deps: { db: Database; seller: Seller; shipping: ParcelShipping }) {
  const { db } = deps;

  async function labels(ids: string[]): Promise<{ fileName: string; pdf: Buffer }> {
    const unique = [...new Set(ids)];
    const parcels = await shipmentsByIds(db, unique);
    if (parcels.length < unique.length) throw notFound('There is no shipment with that id.');
    const views: LabelView[] = [];
    const from = await pickupAddress(deps.shipping, deps.seller);
    const orders = new Map<string, OrderRow>();
    for (const parcel of parcels) {
      if (!parcel.awb || !isActive(parcel.status))
        throw conflict(
          `A parcel ${parcel.status === 'cancelled' ? 'that was cancelled' : 'not booked with the courier'} has no label to print.`,
        );
      let order = orders.get(parcel.orderId);
      if (!order) {
        order = await findOrder(db, parcel.orderId);
        if (!order) throw notFound('There is no order with that id.');
        orders.set(order.id, order);
      }
      const siblings = (await shipmentsOfOrder(db, order.id)).filter((p) => isActive(p.status));
      const position = siblings.findIndex((p) => p.id === parcel.id) + 1;
      views.push({
        awb: parcel.awb,
        courier: parcel.courier,
        from,
        to: deliveryAddress(order),
        orderNumber: order.orderNumber,
        weightGrams: parcel.chargeableWeightGrams,
        codAmountPaise: parcel.codAmountPaise,
        parcel: siblings.length > 1 ? `${position} of ${siblings.length}` : null,
      });
    }
    const pdf = await renderLabels(views, DOCUMENT_FONTS);
    const fileName = views.length === 1 ? `label-${views[0]!.awb}.pdf` : `labels-${views.length}.pdf`;
    return { fileName, pdf };
  }

  return { labels };
}
