import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ApiMyOrder } from '../../shared/api/orders.schemas';
import { RouteContext } from '../app/route-context';
import { returnableUnits } from '../features/orders/order-words';
import { routes } from '../routes';
import OrderPage from './order-page';

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
    orderStatus: 'Ordered',
    addressToConfirm: false,
    paymentInfo: { razorpayOrderId: 'order_1', razorpayPaymentId: 'pay_1' },
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
    allowed: { cancel: true, return: false, returnUntil: null },
    breakup: {
      itemsMrp: 2798,
      productDiscount: 0,
      coupon: null,
      delivery: 0,
      total: 2798,
      taxIncluded: 426.82,
    },
    ...overrides,
  } as ApiMyOrder;
}

/** The page's server HTML, without React's text separators (`<!-- -->`), which say nothing here. */
function renderPage(order: ApiMyOrder): string {
  const route = routes.find((r) => r.path === '/my-orders/:id')!;
  const key = `/my-orders/${order._id}`;
  return renderToString(
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
        allowed: { cancel: false, return: false, returnUntil: null },
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
        allowed: { cancel: false, return: true, returnUntil: '2025-03-12T18:29:59.000Z' },
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

  it('a line can be returned up to the units bought, less those in returns that were not rejected', () => {
    const order = anOrder({
      returns: [
        { lineId: LINE_A, quantity: 1, status: 'requested' as const },
        { lineId: LINE_B, quantity: 1, status: 'rejected' as const },
      ].map((r, i) => ({
        _id: `r${i}`,
        status: r.status,
        lines: [{ lineId: r.lineId, quantity: r.quantity }],
        reason: 'x',
        decisionNote: null,
        createdAt: '2025-03-06T06:00:00.000Z',
        decidedAt: null,
        receivedAt: null,
      })),
    });
    expect(Object.fromEntries(returnableUnits(order))).toEqual({ [LINE_A]: 1, [LINE_B]: 1 });
  });
});
