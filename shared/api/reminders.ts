import { endpoint } from './endpoint.js';
import type * as schemas from './reminders.schemas.js';

export const restoreRemindedCart = endpoint<typeof schemas.restoreRemindedCart>({
  method: 'POST',
  path: '/api/user/cart/restore',
  access: 'customer',
  tag: 'Cart',
  summary: "Restore the cart a reminder's link names",
  description:
    "The `r` of a cart reminder's link (`/cart?r=<token>`). Lines of the reminded cart no longer in it " +
    'come back at the current price, as stock allows; the rest of the cart stays as it is. Only for the ' +
    'customer the reminder was sent to, for 7 days: otherwise 404.',
  errors: [400, 404],
});

export const listReminders = endpoint<typeof schemas.listReminders>({
  method: 'GET',
  path: '/api/admin/reminders',
  access: 'staff',
  permission: 'customers.read',
  tag: 'Reminders (staff)',
  summary: 'Price drops and cart reminders sent, newest first',
  description:
    'The latest 50 of each, with the customer masked, the channels and, for a cart reminder, whether ' +
    'the customer ordered within 7 days of it; and the figures of the last 30 days.',
});

export const sweepRemindersNow = endpoint<typeof schemas.sweepRemindersNow>({
  method: 'POST',
  path: '/api/test/reminders/sweep',
  access: 'public',
  tag: 'Test hooks',
  summary: 'Run the price-drop and cart-reminder sweeps as at a moment (end-to-end tests only)',
  description:
    'Registered only with REMINDERS_TEST_HOOK=true, which a shop on a public address refuses to start with.',
});
