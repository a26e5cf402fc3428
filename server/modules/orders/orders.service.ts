import type { ApiOrder } from '../../../shared/api/orders.schemas.js';
import type { Database } from '../../db/client.js';
import type { CatalogService } from '../catalog/index.js';
import { presentCustomerOrders } from './order-presenter.js';
import * as repository from './orders.repository.js';

/** The customer's orders as the original API lists them (placing one is a flow: flows/place-order.ts). */
export function createOrdersService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;

  const present = (orders: repository.OrderRow[]) => presentCustomerOrders(db, catalog, orders);

  return {
    /** GET user/getmyorders: newest first, products and colours populated. */
    async listMine(userId: string): Promise<{ orders: ApiOrder[] }> {
      return { orders: await present(await repository.ordersOf(db, userId)) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
