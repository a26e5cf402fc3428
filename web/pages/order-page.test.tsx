import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ApiMyOrder } from '../../shared/api/orders.schemas';
import type { Locale } from '../../shared/locales';
import { RouteContext } from '../app/route-context';
import { loadApiMessages } from '../features/checkout/api-messages';
import { minutesLeft } from '../features/orders/cod-confirmation';
import { OrderCard } from '../features/orders/order-card';
import { loadInteractiveMessages } from '../i18n/catalogues';
import { createI18n, LocaleProvider } from '../i18n/i18n';
import { routes } from '../routes';
import OrderPage, { prepare } from './order-page';

/**
 * The page's words in each language once it is interactive: `common`, its route's areas, `errors`,
 * and the timeline's words with the server's templates (features/orders/order-timeline.tsx).
 */
const i18ns: Partial<Record<Locale, I18n>> = {};
beforeAll(async () => {
  const areas = [...(routes.find((r) => r.path === '/my-orders/:id')!.messages ?? []), 'order-timeline'];
  for (const locale of ['en', 'hi'] as const)
    i18ns[locale] = createI18n(locale, await loadInteractiveMessages(locale, areas));
  await loadApiMessages();
  // What the server does before it renders an order that shows them: every part in.
  await prepare({
    state: 'unconfirmed',
    cod: { confirmed: false },
    returns: [{}],
    refunds: [{}],
    invoice: {},
  });
});

describe('the parts an order shows beyond the page', () => {
  it('are fetched only for the orders that show them, and named for the server to preload', async () => {
    const plain = { state: 'placed', cod: null, returns: [], refunds: [], invoice: null };
    expect(await prepare(plain)).toEqual([]);
    expect(await prepare({ ...plain, refunds: [{}], invoice: {} })).toEqual([
      'web/features/orders/order-refunds.tsx',
      'web/features/orders/order-documents.tsx',
    ]);
    expect(await prepare({ ...plain, state: 'unconfirmed', cod: { confirmed: false } })).toEqual([
      'web/features/orders/cod-confirmation.tsx',
    ]);
    expect(await prepare(undefined)).toEqual([]);
  });
});
// A message missing from the route's areas says so in the console, which the e2e suite fails on.
const consoleErrors = vi.spyOn(console, 'error');
afterEach(() => {
  expect(
    consoleErrors.mock.calls.filter(([message]) => String(message).startsWith('Missing message')),
  ).toEqual([]);
  consoleErrors.mockClear();
});
const inLocale = (element: ReactNode, locale: Locale = 'en') => (
  <LocaleProvider i18n={i18ns[locale]!}>{element}</LocaleProvider>
);

const LINE_A = '11111111-1111-4111-8111-111111111111';
const LINE_B = '22222222-2222-4222-8222-222222222222';

function anOrder(overrides: Partial<ApiMyOrder> = {}): ApiMyOrder {
  const image = { public_id: 'x', url: '/img/x.webp' };
  return {
    _id: '33333333-3333-4333-8333-333333333333',
    orderNumber: 'BB-2025-000042',
    user: 'u1',
    shippingInfo: {
      firstName: 'Asha',
      lastName: 'Verma',
      address: '12, 4th Cross, Indiranagar',
      landmark: 'Near the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560038',
    },
    orderItems: [
      {
        _id: LINE_A,
        product: { _id: 'p1', title: 'Cotton kurta', images: [image] },
        title: 'Cotton kurta',
        color: { _id: 'c1', title: '#b91c1c', name: 'Red' },
        quantity: 2,
        price: 749.5,
      },
      {
        _id: LINE_B,
        product: { _id: 'p2', title: 'Silk dupatta', images: [image] },
        title: 'Silk dupatta',
        color: { _id: 'c2', title: '#1d4ed8', name: 'Blue' },
        quantity: 1,
        price: 1299,
      },
    ],
    totalPrice: 2798,
    totalPriceAfterDiscount: 2798,
    codFee: 0,
    orderStatus: 'Ordered',
    addressToConfirm: false,
    paymentInfo: { razorpayOrderId: 'order_1', razorpayPaymentId: 'pay_1' },
    paymentMethod: 'online',
    cod: null,
    paidAt: '2025-03-01T06:00:00.000Z',
    createdAt: '2025-03-01T06:00:00.000Z',
    state: 'placed',
    paymentStatus: 'paid',
    fulfilmentStatus: 'unfulfilled',
    shipment: null,
    events: [
      {
        type: 'placed',
        at: '2025-03-01T06:00:00.000Z',
        by: 'customer',
        title: 'Order placed and paid',
        note: null,
        actor: null,
      },
    ],
    refunds: [],
    returns: [],
    refunded: 0,
    refundable: 2798,
    allowed: {
      cancel: true,
      return: false,
      returnUntil: null,
      returnable: [],
      resendCode: false,
      changeAddress: false,
    },
    breakup: {
      itemsMrp: 2798,
      productDiscount: 0,
      coupon: null,
      delivery: 0,
      codFee: 0,
      total: 2798,
      taxIncluded: 426.82,
    },
    ...overrides,
  } as ApiMyOrder;
}

/**
 * The page's server HTML as the storefront renders it (React's renderToString): attributes in the
 * order the JSX writes them, with React's spellings (`dateTime`, `inputMode`, `maxLength`) and
 * boolean attributes as `disabled=""`. The `<!-- -->` separators React puts between adjacent
 * texts are dropped, so the tests read the text as a person does.
 */
function renderPage(order: ApiMyOrder, locale: Locale = 'en'): string {
  const route = routes.find((r) => r.path === '/my-orders/:id')!;
  const key = `/my-orders/${order._id}`;
  return renderToString(
    inLocale(
      <Router ssrPath={key}>
        <RouteContext
          value={{
            view: { kind: 'ready', key, match: { route, params: { id: order._id } }, data: order },
            meta: { title: 'x', description: 'x' },
            pending: false,
            revalidate: () => {},
          }}
        >
          <OrderPage />
        </RouteContext>
      </Router>,
      locale,
    ),
  ).replaceAll('<!-- -->', '');
}

describe('order page', () => {
  it('a new order: Cancel offered, no Return, the steps at Ordered, the timeline as a list with times', () => {
    const html = renderPage(anOrder());
    expect(html).toContain('<h1 tabindex="-1">Order BB-2025-000042</h1>');
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Cancel order<\/button>/);
    expect(html).not.toContain('Return items');
    expect(html).toMatch(/<li class="order-step order-step--done order-step--current" aria-current="step">/);
    expect(html).toContain('Being prepared');
    expect(html).toMatch(
      /<ol class="order-timeline"[^>]*><li[^>]*>.*Order placed and paid.*<time dateTime="2025-03-01T06:00:00.000Z">1 Mar 2025, 11:30 AM<\/time>/,
    );
  });

  it('a line of a variant says its values and SKU and links to it; a line without options as before', () => {
    const order = anOrder();
    const [kurta, dupatta] = order.orderItems;
    const html = renderPage({
      ...order,
      orderItems: [
        { ...kurta!, sku: 'KURTA-RED-L', options: 'Red / L' },
        { ...dupatta!, sku: null, options: '' },
      ],
    });
    expect(html).toContain('Red / L · Qty: 2');
    expect(html).toContain('<span class="line-sku">SKU KURTA-RED-L</span>');
    expect(html).toContain('href="/product/p1?variant=KURTA-RED-L"');
    expect(html).toContain('Colour: Blue · Qty: 1');
    expect(html).toContain('href="/product/p2"');
  });

  it('shipped: carrier, AWB and a tracking link that opens in a new tab and says so', () => {
    const html = renderPage(
      anOrder({
        orderStatus: 'Shipped',
        fulfilmentStatus: 'shipped',
        shipment: {
          carrier: 'Delhivery',
          awb: '1234567890',
          trackingUrl: 'https://track.example/1234567890',
        },
        allowed: {
          cancel: false,
          return: false,
          returnUntil: null,
          returnable: [],
          resendCode: false,
          changeAddress: false,
        },
      }),
    );
    expect(html).not.toContain('Cancel order');
    expect(html).toContain('<code>1234567890</code>');
    expect(html).toMatch(
      /<a class="button button--ghost order-tracking-link" href="https:\/\/track.example\/1234567890" target="_blank" rel="noopener noreferrer">Track your parcel on Delhivery<span class="visually-hidden"> \(opens in a new tab\)<\/span>/,
    );
    expect(html).toContain('order-status--shipped');
  });

  it('refunded and returned: refunds in en-IN rupees with their reference, returns with their lines', () => {
    const html = renderPage(
      anOrder({
        orderStatus: 'Delivered',
        state: 'completed',
        paymentStatus: 'partially_refunded',
        fulfilmentStatus: 'delivered',
        allowed: {
          cancel: false,
          return: true,
          returnUntil: '2025-03-12T18:29:59.000Z',
          returnable: [{ lineId: LINE_A, quantity: 1 }],
          resendCode: false,
          changeAddress: false,
        },
        returns: [
          {
            _id: 'r1',
            status: 'received',
            lines: [{ lineId: LINE_B, quantity: 1 }],
            reason: 'Colour not as shown',
            decisionNote: null,
            createdAt: '2025-03-06T06:00:00.000Z',
            decidedAt: '2025-03-06T08:00:00.000Z',
            receivedAt: '2025-03-08T08:00:00.000Z',
          },
        ],
        refunds: [
          {
            _id: 'f1',
            amount: 1299,
            status: 'processed',
            method: 'provider',
            reference: 'rfnd_TEST123',
            reason: 'Return received',
            createdAt: '2025-03-08T09:00:00.000Z',
            processedAt: '2025-03-08T09:00:05.000Z',
          },
        ],
        refunded: 1299,
        refundable: 1499,
      }),
    );
    expect(html).toContain('Return items');
    expect(html).toContain('Partly refunded');
    expect(html).toContain('<strong class="order-record-amount">₹1,299.00</strong>');
    expect(html).toContain('<code>rfnd_TEST123</code>');
    expect(html).toContain('Silk dupatta × 1');
    expect(html).toContain('Received by us');
    // The deadline is a day in India: 12 March 23:59 IST.
    expect(html).toContain(
      'Can be asked for until <time dateTime="2025-03-12T18:29:59.000Z">12 March 2025</time>',
    );
  });

  it('the total with its breakup as the checkout showed it: MRP, discount, coupon, delivery, GST', () => {
    const html = renderPage(
      anOrder({
        breakup: {
          itemsMrp: 3298,
          productDiscount: 500,
          coupon: { code: 'DIWALI10', discount: 279.8 },
          delivery: 0,
          codFee: 0,
          total: 2518.2,
          taxIncluded: 384.13,
        },
      }),
    );
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Items (3) at MRP ₹3,298.00');
    expect(text).toContain('Discount −₹500.00');
    expect(text).toContain('Coupon DIWALI10 −₹279.80');
    expect(text).toContain('Delivery Free');
    expect(text).toContain('Total paid ₹2,518.20');
    expect(text).toContain('Inclusive of GST ₹384.13');
  });

  it('cash on delivery: its handling fee is a line of the breakup, inside the total to pay', () => {
    const html = renderPage(
      anOrder({
        paymentMethod: 'cod',
        paymentStatus: 'unpaid',
        codFee: 49,
        breakup: {
          itemsMrp: 2798,
          productDiscount: 0,
          coupon: null,
          delivery: 0,
          codFee: 49,
          total: 2847,
          taxIncluded: 434.29,
        },
      }),
    );
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Delivery Free Cash on delivery fee ₹49.00 To pay on delivery ₹2,847.00');
  });
});

/** A cash-on-delivery order, as the API answers it once placed and waiting for its code. */
function aCodOrder(overrides: Partial<ApiMyOrder> = {}): ApiMyOrder {
  return anOrder({
    paymentMethod: 'cod',
    paymentInfo: { razorpayOrderId: 'cod_1a2b', razorpayPaymentId: '' },
    state: 'unconfirmed',
    paymentStatus: 'unpaid',
    refundable: 0,
    cod: {
      confirmed: false,
      confirmedAt: null,
      // 8:35 PM in India.
      confirmBy: '2025-03-01T15:05:00.000Z',
      nextCodeAt: '2025-03-01T14:36:00.000Z',
      sentTo: 'as•••@example.in',
      channel: 'email',
      amountDue: 2798,
    },
    allowed: {
      cancel: true,
      return: false,
      returnUntil: null,
      returnable: [],
      resendCode: true,
      changeAddress: false,
    },
    ...overrides,
  });
}

/** The page's text, tags gone and spaces collapsed, as a person reads it. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('order page, cash on delivery', () => {
  it('an unconfirmed order asks for the code: where it went, until when (India time), a labelled one-time-code field', () => {
    const html = renderPage(aCodOrder());
    const text = textOf(html);
    expect(html).toMatch(/<section class="order-panel cod-confirm" aria-labelledby="([^"]+)-title"/);
    expect(html).toMatch(/<h2 id="[^"]+-title" class="order-panel-title">Confirm your order<\/h2>/);
    expect(text).toContain('We sent a 6-digit code to as•••@example.in');
    expect(text).toContain('cash-on-delivery order of ₹2,798.00');
    expect(html).toContain('Confirm by <time dateTime="2025-03-01T15:05:00.000Z">1 Mar 2025, 8:35 PM</time>');
    // The field: labelled, numeric keypad, the phone's one-time-code autofill, its hint read with it.
    const id = /<label class="form-label" for="([^"]+)">Confirmation code<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('autoComplete="one-time-code"');
    expect(input).toContain('maxLength="6"');
    expect(input).toContain(`aria-describedby="${id!.replace(/-code$/, '')}-hint"`);
    expect(input).not.toContain('aria-invalid');
    expect(html).toMatch(
      /<button type="submit" class="button button--primary cod-confirm-submit">Confirm order<\/button>/,
    );
    expect(html).toMatch(/<button type="button" class="button button--ghost">Send a new code<\/button>/);
    // The statuses and the payment say what is due, and when.
    expect(html).toContain('<dd data-testid="order-state">Awaiting your confirmation</dd>');
    expect(html).toContain('<dd data-testid="order-payment-status">To pay on delivery</dd>');
    expect(text).toContain('Payment Cash on delivery ₹2,798.00 to pay on delivery');
    expect(text).toContain('To pay on delivery ₹2,798.00 Inclusive of GST');
    expect(text).toContain('You can cancel until the order ships; nothing has been charged.');
  });

  it('no new code once the shop allows none (five sent, or the time is up)', () => {
    const html = renderPage(
      aCodOrder({
        allowed: {
          cancel: true,
          return: false,
          returnUntil: null,
          returnable: [],
          resendCode: false,
          changeAddress: false,
        },
      }),
    );
    expect(html).toMatch(
      /<button type="button" class="button button--ghost" disabled="">Send a new code<\/button>/,
    );
  });

  it('confirmed, delivered and paid in cash: no code asked, "Paid in cash", the total as paid', () => {
    const html = renderPage(
      aCodOrder({
        state: 'completed',
        paymentStatus: 'paid',
        fulfilmentStatus: 'delivered',
        orderStatus: 'Delivered',
        cod: {
          confirmed: true,
          confirmedAt: '2025-03-01T14:40:00.000Z',
          confirmBy: '2025-03-01T15:05:00.000Z',
          nextCodeAt: null,
          sentTo: 'as•••@example.in',
          channel: 'email',
          amountDue: 0,
        },
        allowed: {
          cancel: false,
          return: true,
          returnUntil: '2025-03-12T18:29:59.000Z',
          returnable: [{ lineId: LINE_A, quantity: 1 }],
          resendCode: false,
          changeAddress: false,
        },
      }),
    );
    const text = textOf(html);
    expect(html).not.toContain('Confirm your order');
    expect(text).toContain('Payment Cash on delivery Paid in cash');
    expect(html).toContain('<dd data-testid="order-payment-status">Paid</dd>');
    expect(text).toContain('Total paid ₹2,798.00');
  });

  it('a refund paid back by UPI names the way and its reference; the note says how COD refunds come', () => {
    const html = renderPage(
      aCodOrder({
        state: 'cancelled',
        orderStatus: 'Refunded',
        paymentStatus: 'refunded',
        cod: null,
        refunds: [
          {
            _id: 'f1',
            amount: 2798,
            status: 'processed',
            method: 'upi',
            reference: 'UPI4107XYZ',
            reason: 'Returned',
            createdAt: '2025-03-08T09:00:00.000Z',
            processedAt: '2025-03-08T09:00:00.000Z',
          },
        ],
        refunded: 2798,
        allowed: {
          cancel: false,
          return: false,
          returnUntil: null,
          returnable: [],
          resendCode: false,
          changeAddress: false,
        },
      }),
    );
    const text = textOf(html);
    expect(html).toContain('<p class="order-record-payout">Paid back by UPI, ref. UPI4107XYZ</p>');
    expect(text).not.toContain('Reference UPI4107XYZ');
    expect(text).toContain('Paid back on');
    expect(text).toContain('Cash paid on delivery is refunded to you by bank transfer or UPI');
  });

  it('My orders: a COD order says so, what is due until the cash is collected, then that it was paid', () => {
    // The list's answer (getmyorders) carries the payment status but not the COD details.
    const { cod: _cod, ...listed } = aCodOrder();
    const card = (orderStatus: ApiMyOrder['orderStatus'], paymentStatus: ApiMyOrder['paymentStatus']) =>
      textOf(
        renderToString(
          inLocale(
            <Router ssrPath="/my-orders">
              <OrderCard order={{ ...listed, orderStatus, paymentStatus }} />
            </Router>,
          ),
        ).replaceAll('<!-- -->', ''),
      );
    expect(card('Shipped', 'unpaid')).toContain('Payment Cash on delivery ₹2,798.00 to pay on delivery');
    expect(card('Delivered', 'unpaid')).toContain('₹2,798.00 to pay on delivery');
    expect(card('Delivered', 'paid')).toContain('Payment Cash on delivery Paid in cash');
    expect(card('Cancelled', 'unpaid')).not.toContain('to pay on delivery');
  });

  it('the minutes left to confirm round up, and stop at zero', () => {
    const at = '2025-03-01T15:05:00.000Z';
    expect(minutesLeft(at, Date.parse('2025-03-01T14:36:30.000Z'))).toBe(29);
    expect(minutesLeft(at, Date.parse('2025-03-01T15:04:59.000Z'))).toBe(1);
    expect(minutesLeft(at, Date.parse('2025-03-01T15:06:00.000Z'))).toBe(0);
  });
});

describe('order page, in Hindi', () => {
  it('the words are Hindi: heading, status, steps, facts, timeline, dates; the lines’ titles as bought', () => {
    const html = renderPage(anOrder(), 'hi');
    const text = textOf(html);
    expect(html).toContain('<h1 tabindex="-1">ऑर्डर BB-2025-000042</h1>');
    expect(html).toContain(
      '<span class="order-status order-status--ordered" data-testid="order-status">ऑर्डर किया गया</span>',
    );
    expect(html).toContain(
      '<time dateTime="2025-03-01T06:00:00.000Z">1 मार्च 2025, 11:30 AM</time> को ऑर्डर किया',
    );
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>ऑर्डर रद्द करें<\/button>/);
    expect(html).toContain('<dd data-testid="order-state">ऑर्डर हो गया</dd>');
    expect(html).toContain('<dd data-testid="order-fulfilment-status">तैयार हो रहा है</dd>');
    expect(text).toContain('Cotton kurta');
    expect(text).toContain('रंग: Red · मात्रा: 2');
    expect(html).toContain('<p class="order-event-title">ऑर्डर हुआ और भुगतान हो गया</p>');
    expect(text).toContain('कुल भुगतान ₹2,798.00');
    expect(text).toContain('इसमें शामिल GST ₹426.82');
    expect(text).toContain('इस ऑर्डर के बारे में कोई सवाल?');
  });

  it('a cash-on-delivery order asks for its code in Hindi', () => {
    const html = renderPage(aCodOrder(), 'hi');
    const text = textOf(html);
    expect(text).toContain('अपना ऑर्डर कन्फ़र्म करें');
    expect(text).toContain('हमने as•••@example.in पर 6 अंकों का कोड भेजा है।');
    expect(html).toContain('<dd data-testid="order-state">आपके कन्फ़र्मेशन का इंतज़ार</dd>');
    expect(html).toMatch(/<button type="button" class="button button--ghost">नया कोड भेजें<\/button>/);
  });
});
