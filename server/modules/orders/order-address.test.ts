import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { loadDemoPincodes } from '../../test/pincodes.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Correction: a customer corrects the delivery address of an order the shop has not
 * started on and that has no tax invoice yet (cash on delivery, before it ships), within its state;
 * an order invoiced at payment keeps its address, as tax law fixes what the invoice says.
 */
let ctx: TestContext;
let staff: SignedInStaff;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await loadDemoPincodes(ctx.database.db);
  staff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx?.close();
});

async function customerWithCart() {
  const customer = await signUp(ctx.app);
  const product = await createProduct(ctx.database.db, {
    quantity: 10,
    pricePaise: 100_000,
    colors: ['#000000'],
  });
  const color = await ensureColor(ctx.database.db, '#000000');
  await shop.addToCart(customer, product.id, color.id, 1);
  return { customer };
}

const newAddress = {
  ...testAddress,
  address: '7, 2nd Main, Koramangala 4th Block',
  landmark: 'Opposite the park',
  pincode: '560034',
};
const change = (customer: Customer, id: string, shippingInfo: object) =>
  shop.api(customer, 'PUT', `/api/user/orders/${id}/address`, { shippingInfo });

describe('PUT /api/user/orders/:id/address', () => {
  it('corrects a cash-on-delivery order before it is packed, within its state', async () => {
    const { customer } = await customerWithCart();
    const placed = await shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order._id as string;
    expect((await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json().allowed.changeAddress).toBe(
      true,
    );

    const elsewhere = await change(customer, id, {
      ...newAddress,
      state: 'Kerala',
      city: 'Kochi',
      pincode: '682031',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors['shippingInfo.state']).toBe(
      'This order is taxed for delivery in Karnataka. To deliver to Kerala, cancel it and order again.',
    );
    const unserved = await change(customer, id, { ...newAddress, pincode: '744301', state: 'Karnataka' });
    expect(unserved.statusCode).toBe(400);
    const invalid = await change(customer, id, { ...newAddress, pincode: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors['shippingInfo.pincode']).toBe('Enter a valid 6-digit PIN code');

    const changed = await change(customer, id, newAddress);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().shippingInfo).toMatchObject({ address: newAddress.address, pincode: '560034' });
    expect(changed.json().events.at(-1).title).toBe('You changed the delivery address (Bengaluru 560034)');

    // Someone else's order is nobody's to change.
    const stranger = await signUp(ctx.app);
    expect((await change(stranger, id, newAddress)).statusCode).toBe(404);
    expect(
      (await shop.api(undefined, 'PUT', `/api/user/orders/${id}/address`, { shippingInfo: newAddress }))
        .statusCode,
    ).toBe(401);

    // Once packed it is on its way to the courier: too late.
    // The customer's code is not the point here: the order is confirmed as the code would.
    await ctx.database.db.update(orders).set({ state: 'placed' }).where(eq(orders.id, id));
    const packed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/pack`,
      headers: staff.headers,
      payload: {},
    });
    expect(packed.statusCode, packed.body).toBe(200);
    const late = await change(customer, id, testAddress);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('is already packed');
  });

  it('keeps the address of an order invoiced when it was paid', async () => {
    // The cart already holds the item: buy it as it is.
    const { customer } = await customerWithCart();
    const id = await shop.buy(customer, [], { shippingInfo: testAddress });
    const order = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    expect(order.invoice).not.toBeNull();
    expect(order.allowed.changeAddress).toBe(false);
    const refused = await change(customer, id, newAddress);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('tax law fixes it');
  });
});
