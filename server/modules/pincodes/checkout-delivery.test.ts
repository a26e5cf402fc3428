import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { clearPincodes, loadDemoPincodes } from '../../test/pincodes.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** POST /api/user/order/checkout refuses an address the shop cannot deliver to, before any payment. */
let ctx: TestContext;
let shopper: Customer;
beforeAll(async () => {
  ctx = await createTestApp();
  const product = await createProduct(ctx.database.db, { quantity: 50, colors: ['#222222'] });
  const color = await ensureColor(ctx.database.db, '#222222');
  shopper = await signUp(ctx.app);
  await shop.addToCart(shopper, product.id, color.id, 1);
});
afterAll(async () => {
  await ctx.close();
});
const shop = shoppingCalls(() => ctx.app);

const checkout = (address: Partial<typeof testAddress>) =>
  shop.startCheckout(shopper, { amount: 1, shippingInfo: { ...testAddress, ...address } });

describe('the delivery address at checkout', () => {
  it('is never refused while the shop has no pincode list (it delivers everywhere)', async () => {
    await clearPincodes(ctx.database.db);
    const answer = await checkout({ pincode: '744301', city: 'Car Nicobar', state: 'Kerala' });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  describe('with the demo list', () => {
    beforeAll(async () => {
      await loadDemoPincodes(ctx.database.db);
    });

    it('goes through for a served pincode in its own state', async () => {
      expect((await checkout({})).statusCode).toBe(200); // 560038 Bengaluru, Karnataka
      const kochi = await checkout({ city: 'Kochi', state: 'Kerala', pincode: '682031' });
      expect(kochi.statusCode, kochi.body).toBe(200);
      expect(kochi.json().order.amount).toBe(99_900);
    });

    it('refuses a pincode the shop does not serve, listed or not', async () => {
      for (const [pincode, state] of [
        ['744301', 'Andaman and Nicobar Islands'],
        ['123456', 'Haryana'],
      ]) {
        const answer = await checkout({ pincode, state, city: 'Somewhere' });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({
          message: `We do not deliver to ${pincode} yet.`,
          errors: { 'shippingInfo.pincode': `We do not deliver to ${pincode} yet.` },
          requestId: expect.any(String),
        });
      }
    });

    it('refuses a pincode in another state than the one chosen, naming both', async () => {
      const answer = await checkout({ pincode: '560001', state: 'Kerala' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Pincode 560001 is in Karnataka, not Kerala.');
      // Spelt the old way: the schema reads the official name first.
      const old = await checkout({ pincode: '600001', state: 'tamilnadu', city: 'Chennai' });
      expect(old.statusCode, old.body).toBe(200);
    });

    it('is not asked of clients that send no address before paying', async () => {
      expect((await shop.startCheckout(shopper, { amount: 1 })).statusCode).toBe(200);
    });
  });
});
