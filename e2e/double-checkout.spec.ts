import { productsToBuy } from './buy';
import { expect, test } from './fixtures';
import { expectMail, mailsTo } from './outbox';
import { accountPerFile, allowFailedApiCalls } from './shop';

/**
 * The original storefront starts checkout twice per click and opens two payment sheets (decision
 * 034). Replayed here as that client does it, from a page of its own that calls the API and loads
 * the gateway's checkout.js: two checkouts of one cart, both sheets paid, each handler verifying
 * and creating its order. One order results; the other payment is refunded automatically, and the
 * customer is told why by e-mail.
 */
const account = accountPerFile();

type Started = { order: { id: string; amount: number; currency: string }; key: string };
type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

test('two checkouts of one cart, both paid in the sheet: one order and one automatic refund', async ({
  page,
  baseURL,
  request,
  consoleErrors,
}) => {
  const customer = await account(request);
  const [product] = await productsToBuy(request, 1);
  // A blank page of the shop's origin stands in for the original client's.
  await page.route(`${baseURL}/original-client`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Original client</title></head><body></body></html>',
    }),
  );
  await page.goto('/original-client');

  const started = await page.evaluate(
    async ({ token, productId, color }) => {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`/api${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      await call('DELETE', '/user/empty-cart');
      await call('POST', '/user/cart', { productId, color, quantity: 1 });
      // One click, two checkouts, as the original client sends them.
      const both = await Promise.all([
        call('POST', '/user/order/checkout', {}),
        call('POST', '/user/order/checkout', {}),
      ]);
      return both.map((answer) => ({ status: answer.status, body: answer.body as Started }));
    },
    { token: customer.token, productId: product!._id, color: product!.color[0]!._id },
  );
  expect(started.map((s) => s.status)).toEqual([200, 200]);
  expect(started[0]!.body.order.id).not.toBe(started[1]!.body.order.id);

  // Two sheets, opened one over the other; each handler keeps what the gateway hands back.
  await page.evaluate(
    async (checkouts) => {
      await new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = '/pay/checkout.js';
        script.onload = resolve;
        script.onerror = reject;
        document.body.append(script);
      });
      const paid: Paid[] = [];
      (window as unknown as { paid: Paid[] }).paid = paid;
      const Razorpay = (window as unknown as { Razorpay: new (options: object) => { open(): void } })
        .Razorpay;
      for (const start of checkouts) {
        new Razorpay({
          key: start.key,
          amount: start.order.amount,
          currency: start.order.currency,
          name: 'Original client',
          order_id: start.order.id,
          handler: (response: Paid) => paid.push(response),
        }).open();
      }
    },
    started.map((s) => s.body),
  );
  const sheets = page.getByTestId('test-gateway');
  await expect(sheets).toHaveCount(2);
  // The shopper pays both: the one on top, then the one it covered (clicked in the page, where
  // the top sheet's backdrop does not stand in the way), before either comes back.
  await page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="test-gateway"] button')];
    for (const button of buttons.filter((b) => /^Pay /.test(b.textContent ?? '')).reverse()) button.click();
  });
  await expect(sheets).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { paid: Paid[] }).paid.length)).toBe(2);

  // Each handler, as the original client's: verify, then create the order.
  const created = await page.evaluate(
    async ({ token }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      const shippingInfo = {
        firstName: 'Asha',
        lastName: 'Verma',
        address: '12, 4th Cross, Indiranagar',
        landmark: 'Near the metro',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pincode: '560038',
      };
      const paid = (window as unknown as { paid: Paid[] }).paid;
      return Promise.all(
        paid.map(async (fields) => {
          const verified = await post('/user/order/paymentVerification', {
            orderCreationId: fields.razorpay_order_id,
            razorpayOrderId: fields.razorpay_order_id,
            razorpayPaymentId: fields.razorpay_payment_id,
            razorpaySignature: fields.razorpay_signature,
          });
          const order = await post('/user/cart/create-order', {
            shippingInfo,
            orderItems: [],
            paymentInfo: {
              razorpayOrderId: fields.razorpay_order_id,
              razorpayPaymentId: fields.razorpay_payment_id,
            },
          });
          return { verified: verified.status, status: order.status, body: order.body };
        }),
      );
    },
    { token: customer.token },
  );
  expect(created.map((c) => c.verified)).toEqual([200, 200]);
  expect(created.map((c) => c.status).sort()).toEqual([200, 409]);
  const placed = created.find((c) => c.status === 200)!.body.order as { orderNumber: string };
  const refused = created.find((c) => c.status === 409)!.body as { message: string };
  expect(refused.message).toContain(`already ordered, in order ${placed.orderNumber}`);
  expect(refused.message).toMatch(/Your payment of ₹[\d,]+\.\d{2} is being refunded in full/);
  // The browser logs the 409 of the second create-order; it is the answer this test expects.
  allowFailedApiCalls(consoleErrors, 409);

  const mine = await request.get('/api/user/getmyorders', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(((await mine.json()) as { orders: unknown[] }).orders).toHaveLength(1);
  const mail = await expectMail(customer.email, 'We are refunding your payment of');
  expect(mail.text).toContain(`order ${placed.orderNumber}`);
  // Once: the webhooks that follow (about 3 s later) find the refund already made.
  await page.waitForTimeout(4_000);
  expect(
    (await mailsTo(customer.email)).filter((m) => m.subject.startsWith('We are refunding')),
  ).toHaveLength(1);
});
