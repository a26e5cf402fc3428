import type { APIRequestContext } from '@playwright/test';
import type { ApiProduct } from '../shared/api/catalog.schemas';
import { createProduct, type ProductSpec } from './data';
import { type Customer, expect } from './fixtures';

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

const customerHeaders = (customer: Customer) => ({
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
