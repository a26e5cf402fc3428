import type { APIRequestContext } from '@playwright/test';
import type { ApiProduct } from '../shared/api/catalog.schemas';
import type { ApiMyOrder } from '../shared/api/orders.schemas';
import { createProduct, type ProductSpec } from './data';
import { type Customer, createCustomer, expect } from './fixtures';
import { expectMail } from './outbox';

/**
 * A paid order through the shop's own API and its test gateway, as a shopper's browser makes it
 * (cart, checkout, payment, verification, create-order), for specs about what happens after.
 */
const octet = () => 1 + Math.floor(Math.random() * 250);

export const testAddress = {
  firstName: 'Asha',
  lastName: 'Verma',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
  mobile: '9876543210',
};

export type PlacedOrder = {
  _id: string;
  orderNumber: string;
  lines: { _id: string; title: string; quantity: number; price: number }[];
  total: number;
};

/** Demo products the bought ones are made like: ordinary prices and GST, colours and pictures. */
const MODELS = ['boat-stone-1200-14w-bluetooth-speaker', 'levis-mens-housemark-crew-neck-t-shirt'];

/**
 * `count` new products of the test's own to buy `units` of (with stock to spare), made like
 * ordinary demo products: nothing another spec reads changes when the test buys them.
 */
export async function productsToBuy(
  request: APIRequestContext,
  count: number,
  units = 1,
  spec: ProductSpec = {},
): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let i = 0; i < count; i++) {
    products.push(
      await createProduct(request, { like: MODELS[i % MODELS.length], quantity: units + 20, ...spec }),
    );
  }
  return products;
}

export const customerHeaders = (customer: Customer) => ({
  authorization: `Bearer ${customer.token}`,
  'x-forwarded-for': `10.33.${octet()}.${octet()}`,
});

/** Puts `units` of each product (its first colour) in the customer's cart. */
export async function addToCart(
  request: APIRequestContext,
  customer: Customer,
  lines: { product: ApiProduct; units: number }[],
) {
  const headers = customerHeaders(customer);
  for (const { product, units } of lines) {
    // The list answers colour ids (the original admin client's table shows them raw).
    const color = product.color[0] as unknown as string | { _id: string };
    const added = await request.post('/api/user/cart', {
      data: { productId: product._id, color: typeof color === 'string' ? color : color._id, quantity: units },
      headers,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** Buys `lines` new products of the test's own (`units` each) and answers the order. */
export async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  { lines = 1, units = 1 }: { lines?: number; units?: number } = {},
): Promise<PlacedOrder> {
  const headers = customerHeaders(customer);
  const products = await productsToBuy(request, lines, units);
  await addToCart(
    request,
    customer,
    products.map((product) => ({ product, units })),
  );
  const checkout = await request.post('/api/user/order/checkout', { data: { amount: 1 }, headers });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const providerOrder = ((await checkout.json()) as { order: { id: string } }).order;
  const paid = await request.post(`/api/payments/test-gateway/orders/${providerOrder.id}/pay`, {
    data: { method: 'upi' },
  });
  const fields = (await paid.json()) as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
  const verified = await request.post('/api/user/order/paymentVerification', {
    data: {
      orderCreationId: fields.razorpay_order_id,
      razorpayOrderId: fields.razorpay_order_id,
      razorpayPaymentId: fields.razorpay_payment_id,
      razorpaySignature: fields.razorpay_signature,
    },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const created = await request.post('/api/user/cart/create-order', {
    data: {
      shippingInfo: testAddress,
      paymentInfo: {
        razorpayOrderId: fields.razorpay_order_id,
        razorpayPaymentId: fields.razorpay_payment_id,
      },
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (
    (await created.json()) as {
      order: {
        _id: string;
        orderNumber: string;
        totalPriceAfterDiscount: number;
        orderItems: PlacedOrder['lines'];
      };
    }
  ).order;
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    lines: order.orderItems.map(({ _id, title, quantity, price }) => ({ _id, title, quantity, price })),
    total: order.totalPriceAfterDiscount,
  };
}

export type CodOrder = {
  _id: string;
  orderNumber: string;
  total: number;
  lines: ApiMyOrder['orderItems'];
  customer: Customer;
};

/**
 * A cash-on-delivery order of one unit of a product of the test's own priced well under the COD
 * limit, to the Bengaluru test address (a COD pincode); confirmed with its e-mailed code unless
 * `confirmed` is false.
 */
export async function placeCodOrder(
  request: APIRequestContext,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<CodOrder> {
  const customer = await createCustomer(request);
  const [product] = await productsToBuy(request, 1);
  expect(product!.price, 'a product under ₹20,000 to buy cash on delivery').toBeLessThanOrEqual(20_000);
  await addToCart(request, customer, [{ product: product!, units: 1 }]);
  const placed = await request.post('/api/user/order/cod', {
    data: { shippingInfo: testAddress },
    headers: customerHeaders(customer),
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { order: ApiMyOrder }).order;
  expect(order).toMatchObject({ paymentMethod: 'cod', state: 'unconfirmed', paymentStatus: 'unpaid' });
  if (confirmed) {
    const mail = await expectMail(customer.email, `is your code to confirm order ${order.orderNumber}`);
    const code = /^(\d{6}) /.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeTruthy();
    const answer = await request.post(`/api/user/orders/${order._id}/confirm-cod`, {
      data: { code },
      headers: customerHeaders(customer),
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as ApiMyOrder).state).toBe('placed');
  }
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    total: order.totalPriceAfterDiscount,
    lines: order.orderItems,
    customer,
  };
}
