import type { ApiOrder } from '../../../shared/api/orders.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import type { CatalogService } from '../catalog/index.js';
import * as repository from './orders.repository.js';

/** Orders as getmyorders answers them: lines with today's product (or what was bought) and colour. */
export async function presentCustomerOrders(
  db: Executor,
  catalog: Pick<CatalogService, 'productsByIds'>,
  orders: repository.OrderRow[],
): Promise<ApiOrder[]> {
  const lines = await repository.linesOfOrders(
    db,
    orders.map((o) => o.id),
  );
  const products = await catalog.productsByIds(lines.map((l) => l.productId));
  return orders.map((order) => ({
    _id: order.id,
    orderNumber: order.orderNumber,
    user: order.userId,
    shippingInfo: order.shippingInfo,
    orderItems: lines
      .filter((l) => l.orderId === order.id)
      .map((l) => ({
        _id: l.id,
        product: products.get(l.productId) ?? { _id: l.productId, title: l.title, images: [] },
        title: l.title,
        sku: l.sku,
        options: l.variantTitle ?? '',
        color: { _id: l.colorId, title: l.colorTitle, name: l.colorName },
        quantity: l.quantity,
        price: paiseToRupees(l.pricePaise),
      })),
    totalPrice: paiseToRupees(order.totalPricePaise),
    totalPriceAfterDiscount: paiseToRupees(order.totalPriceAfterDiscountPaise),
    codFee: paiseToRupees(order.codFeePaise),
    orderStatus: order.orderStatus,
    addressToConfirm: order.addressToConfirm,
    paymentInfo: order.paymentInfo,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
  }));
}
