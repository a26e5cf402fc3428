import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * checkout-sheet.js: a page on another origin (the original storefront client) loads
 * /pay/checkout.js from the shop's server; the sheet's stylesheet and the gateway's endpoints must
 * then come from that server too, not from the page's own origin. The script runs here in a bare
 * context with just the browser pieces it touches while loading and paying.
 */
const source = readFileSync(new URL('./checkout-sheet.js', import.meta.url), 'utf8');

type Sheet = {
  submit(action: string, status: { textContent: string }, busy: (on: boolean) => void): Promise<void>;
};

function loadSheet(scriptSrc: string | null, pageUrl: string) {
  const stylesheets: string[] = [];
  const requests: string[] = [];
  const window: { location: { href: string }; Razorpay?: new (options: object) => Sheet } = {
    location: { href: pageUrl },
  };
  const document = {
    currentScript: scriptSrc === null ? null : { src: scriptSrc },
    createElement: () => ({}),
    head: { appendChild: (node: { href?: string }) => stylesheets.push(node.href ?? '') },
  };
  const fetch = async (url: string) => {
    requests.push(url);
    return { ok: true, json: async () => ({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1' }) };
  };
  vm.runInNewContext(source, { window, document, fetch, URL, Intl });
  return { Razorpay: window.Razorpay!, stylesheets, requests };
}

async function pay(Razorpay: new (options: object) => Sheet) {
  let paid: unknown;
  const sheet = new Razorpay({
    key: 'rzp_test',
    order_id: 'order_1',
    amount: 100,
    handler: (r: unknown) => (paid = r),
  });
  await sheet.submit('pay', { textContent: '' }, () => {});
  return paid;
}

describe('checkout-sheet.js', () => {
  it('on another origin, takes its stylesheet and endpoints from the server it was loaded from', async () => {
    const { Razorpay, stylesheets, requests } = loadSheet(
      'https://api.example.in/pay/checkout.js',
      'https://client.example.in/checkout',
    );
    expect(stylesheets).toEqual(['https://api.example.in/pay/checkout.css']);
    expect(await pay(Razorpay)).toMatchObject({ razorpay_payment_id: 'pay_1' });
    expect(requests).toEqual(['https://api.example.in/api/payments/test-gateway/orders/order_1/pay']);
  });

  it("on the shop's own pages, stays on the shop's origin", async () => {
    const { Razorpay, stylesheets, requests } = loadSheet(
      'http://127.0.0.1:3100/pay/checkout.js',
      'http://127.0.0.1:3100/checkout',
    );
    expect(stylesheets).toEqual(['http://127.0.0.1:3100/pay/checkout.css']);
    await pay(Razorpay);
    expect(requests).toEqual(['http://127.0.0.1:3100/api/payments/test-gateway/orders/order_1/pay']);
  });

  it('falls back to the page when it cannot tell where it came from', () => {
    const { stylesheets } = loadSheet(null, 'https://shop.example.in/checkout');
    expect(stylesheets).toEqual(['https://shop.example.in/pay/checkout.css']);
  });
});
