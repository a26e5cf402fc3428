import { endpoint } from './endpoint.js';
import type * as schemas from './orders.schemas.js';

export const listMyOrders = endpoint<typeof schemas.listMyOrders>({
  method: 'GET',
  path: '/api/user/getmyorders',
  access: 'customer',
  tag: 'Orders',
  summary: 'My orders, newest first',
});
