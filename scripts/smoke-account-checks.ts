import { type Checks, type Fetcher, fail, logsHint, messageOf, type SmokeOptions } from './smoke-http.js';
import { throwawayCustomer } from './smoke-inspect.js';

/** The smoke test's checks as a customer: an account of its own, a cart, optionally a paid order. */

/**
 * A throwaway customer signs up, signs in, fills and empties a cart (and with --checkout buys and
 * cancels), and is then deleted through DELETE /api/user/me whatever happened in between.
 */
export async function accountChecks(
  options: SmokeOptions,
  request: Fetcher,
  { check, skip }: Checks,
  product: { _id: string; title: string; color: string[] } | undefined,
) {
  const customer = throwawayCustomer();
  let registered = false;
  let token: string | undefined;
  try {
    registered = await check(`sign-up with a throwaway address (${customer.email})`, async () => {
      const answer = await request('/api/user/register', { method: 'POST', body: customer });
      if (answer.status === 429)
        fail(`429${messageOf(answer).slice(3)}`, 'sign-ups are rate limited per address: wait and run again');
      if (answer.status !== 201) fail(`answered ${messageOf(answer)}`, logsHint(answer));
      return '201';
    });
    if (!registered) return;
    const signedIn = await check('sign-in', async () => {
      const answer = await request('/api/user/login', {
        method: 'POST',
        body: { email: customer.email, password: customer.password },
      });
      token = (answer.json as { token?: string } | undefined)?.token;
      if (answer.status !== 200 || !token) fail(`answered ${messageOf(answer)}`, logsHint(answer));
      return '200, signed in';
    });
    if (!signedIn) return;
    if (!product || product.color.length === 0) {
      skip('cart: add and empty', 'no product with a colour to add');
    } else {
      const added = await check('cart: add a product', async () => {
        // The product's first variant in stock (a size, a storage...), as its page offers it.
        const page = await request(`/api/product/${product._id}`);
        const variants =
          (page.json as { variants?: { _id: string; quantity: number }[] } | undefined)?.variants ?? [];
        const variant = variants.find((v) => v.quantity > 0) ?? variants[0];
        const answer = await request('/api/user/cart', {
          method: 'POST',
          token,
          body: { productId: product._id, variantId: variant?._id, color: product.color[0], quantity: 1 },
        });
        if (answer.status !== 200 && answer.status !== 201)
          fail(`answered ${messageOf(answer)}`, logsHint(answer));
        const cart = await request('/api/user/cart', { token });
        if (cart.status !== 200 || !Array.isArray(cart.json) || cart.json.length !== 1)
          fail(
            `the cart then holds ${Array.isArray(cart.json) ? cart.json.length : messageOf(cart)} lines, not 1`,
            logsHint(cart),
          );
        return `"${product.title}" in the cart`;
      });
      if (added && options.checkout) await checkoutCheck(request, check, token!);
      await check('cart: empty it', async () => {
        const answer = await request('/api/user/empty-cart', { method: 'DELETE', token });
        if (answer.status !== 200) fail(`answered ${messageOf(answer)}`, logsHint(answer));
        return 'empty';
      });
    }
  } finally {
    if (registered) await deleteAccount(request, check, customer, token);
  }
}

/** The checkout on the test gateway, as the browser does it; the order is cancelled (refunded) after. */
async function checkoutCheck(request: Fetcher, check: Checks['check'], token: string) {
  const shippingInfo = {
    firstName: 'Smoke',
    lastName: 'Test',
    address: '1, Smoke Test Road',
    landmark: 'Near the post office',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
  };
  let orderId: string | undefined;
  await check('checkout on the test gateway, then cancel', async () => {
    const started = await request('/api/user/order/checkout', {
      method: 'POST',
      token,
      body: { amount: 1, shippingInfo },
    });
    if (started.status !== 200) fail(`checkout answered ${messageOf(started)}`, logsHint(started));
    const providerOrder = (started.json as { order?: { id?: string } }).order?.id;
    if (!providerOrder) fail('checkout answered without a payment order', logsHint(started));
    const pay = await request(`/api/payments/test-gateway/orders/${providerOrder}/pay`, {
      method: 'POST',
      body: { method: 'upi' },
    });
    if (pay.status === 404)
      fail(
        'the test gateway is off',
        '--checkout works only on a shop running PAYMENT_PROVIDER=test (no Razorpay keys)',
      );
    if (pay.status !== 200) fail(`the test gateway answered ${messageOf(pay)}`, logsHint(pay));
    const paid = pay.json as { razorpay_payment_id: string; razorpay_signature: string };
    const verified = await request('/api/user/order/paymentVerification', {
      method: 'POST',
      token,
      body: {
        orderCreationId: providerOrder,
        razorpayOrderId: providerOrder,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    });
    if (verified.status !== 200)
      fail(`payment verification answered ${messageOf(verified)}`, logsHint(verified));
    const created = await request('/api/user/cart/create-order', {
      method: 'POST',
      token,
      body: {
        shippingInfo,
        paymentInfo: { razorpayOrderId: providerOrder, razorpayPaymentId: paid.razorpay_payment_id },
      },
    });
    if (created.status !== 200) fail(`placing the order answered ${messageOf(created)}`, logsHint(created));
    const body = created.json as { order?: { _id?: string; id?: string }; _id?: string };
    orderId = body.order?._id ?? body.order?.id ?? body._id;
    if (!orderId) fail('the order was placed but its answer has no id', logsHint(created));
    const cancelled = await request(`/api/user/orders/${orderId}/cancel`, {
      method: 'POST',
      token,
      body: { reason: 'Post-deploy smoke test order' },
    });
    if (cancelled.status !== 200)
      fail(
        `order ${orderId} was placed but cancelling it answered ${messageOf(cancelled)}: cancel it in the console`,
        logsHint(cancelled),
      );
    return `order ${orderId} paid, then cancelled and refunded`;
  });
}

async function deleteAccount(
  request: Fetcher,
  check: Checks['check'],
  customer: { email: string; password: string },
  token: string | undefined,
) {
  await check('account deleted (no account left behind)', async () => {
    let bearer = token;
    if (!bearer) {
      const login = await request('/api/user/login', {
        method: 'POST',
        body: { email: customer.email, password: customer.password },
      });
      bearer = (login.json as { token?: string } | undefined)?.token;
      if (!bearer)
        fail(
          `could not sign in to delete ${customer.email} (${messageOf(login)})`,
          `the account is left behind: erase it in the console (Customers, search "${customer.email}")`,
        );
    }
    const answer = await request('/api/user/me', {
      method: 'DELETE',
      token: bearer,
      body: { currentPassword: customer.password },
    });
    if (answer.status !== 200)
      fail(
        `DELETE /api/user/me answered ${messageOf(answer)}`,
        `the account ${customer.email} is left behind: erase it in the console (Customers, "Erase personal data")`,
      );
    const after = await request('/api/user/me', { token: bearer });
    if (after.status === 200) fail(`${customer.email} still signs in after deletion`, logsHint(after));
    return `${customer.email} erased through DELETE /api/user/me`;
  });
}
