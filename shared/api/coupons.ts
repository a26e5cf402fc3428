import type * as schemas from './coupons.schemas.js';
import { endpoint } from './endpoint.js';

/*
 * Discount coupons (the original admin client's `coupon/`). How they apply at checkout is a
 * later issue; the console manages them.
 */
const tag = 'Coupons';

export const listCoupons = endpoint<typeof schemas.listCoupons>({
  method: 'GET',
  path: '/api/coupon',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'List coupons',
  description: 'Every coupon (up to 10,000), soonest expiry first.',
});

export const getCoupon = endpoint<typeof schemas.getCoupon>({
  method: 'GET',
  path: '/api/coupon/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Read one coupon',
  description: 'Answers a one-element array `[coupon]`, as the original client reads it.',
  errors: [400, 404],
});

export const createCoupon = endpoint<typeof schemas.createCoupon>({
  method: 'POST',
  path: '/api/coupon',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a coupon',
  description:
    'Body `{name, expiry, discount}`: the name is stored upper case (409 when taken, ignoring case); ' +
    'the expiry a date (`YYYY-M-D` or ISO; kept as 00:00 UTC of that day; coupons may share one); ' +
    'the discount a whole percentage from 1 to 100 (a number or a numeric string). Answers the coupon (200).',
  errors: [400, 409],
});

export const updateCoupon = endpoint<typeof schemas.updateCoupon>({
  method: 'PUT',
  path: '/api/coupon/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Edit a coupon',
  description: 'Writes name, expiry and discount (the same rules as creating one).',
  errors: [400, 404, 409],
});

export const deleteCoupon = endpoint<typeof schemas.deleteCoupon>({
  method: 'DELETE',
  path: '/api/coupon/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a coupon',
  description: 'Answers the deleted coupon.',
  errors: [400, 404],
});

export const couponsTable = endpoint<typeof schemas.couponsTable>({
  method: 'GET',
  path: '/api/admin/coupons',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of coupons',
  description:
    'Search names (`q`), `status` active or expired (by India date), sort (`name`, `expiry`, ' +
    '`discount`, `createdAt`; `:asc` or `:desc`) and pages of 50.',
  errors: [400],
});
