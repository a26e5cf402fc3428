import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api/catalog.schemas';
import type { Customer } from './fixtures';

/**
 * Helpers of the order lifecycle specs (issue 14): products safe to buy, a paid order through the
 * API and the test gateway, staff moves through the API, and the e-mails in the dev outbox.
 */

const octet = () => 1 + Math.floor(Math.random() * 250);
const outbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');

export const testAddress = {
  firstName: 'Asha',
  lastName: 'Verma',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
};

/** The customer's calls, from an address of their own (per-address rate limits). */
export function customerHeaders(customer: Customer) {
  return { authorization: `Bearer ${customer.token}`, 'x-forwarded-for': `10.41.${octet()}.${octet()}` };
}

/**
 * `count` products of the demo catalogue, oldest first, in stock with a colour: other specs create
 * (and delete, and count the stock of) their own new products meanwhile, never these. A random
 * offset spreads concurrent specs over different products.
 */
export async function olderProducts(request: APIRequestContext, count: number): Promise<ApiProduct[]> {
  const list = await request.get('/api/product?sort=createdAt&limit=100');
  expect(list.ok()).toBe(true);
  const usable = ((await list.json()) as ApiProduct[]).filter((p) => p.quantity > 5 && p.color.length > 0);
  expect(usable.length).toBeGreaterThanOrEqual(count);
  const start = Math.floor(Math.random() * (usable.length - count + 1));
  return usable.slice(start, start + count);
}

/** The list answers colour ids (the original admin client's table shows them raw). */
function colorId(product: ApiProduct): string {
  const color = product.color[0] as unknown as string | { _id: string };
  return typeof color === 'string' ? color : color._id;
}

export async function addToCart(
  request: APIRequestContext,
  customer: Customer,
  lines: { product: ApiProduct; quantity: number }[],
) {
  for (const { product, quantity } of lines) {
    const added = await request.post('/api/user/cart', {
      data: { productId: product._id, color: colorId(product), quantity },
      headers: customerHeaders(customer),
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** A paid order of what is in the cart, through the shop's API and its test gateway. */
export async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  lines: { product: ApiProduct; quantity: number }[],
): Promise<{ _id: string; orderNumber: string }> {
  await addToCart(request, customer, lines);
  const headers = customerHeaders(customer);
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
  return ((await created.json()) as { order: { _id: string; orderNumber: string } }).order;
}

export type StaffOrder = {
  _id: string;
  orderNumber: string;
  returns: { _id: string; status: string }[];
  refunds: { _id: string; amount: number; status: string; reference: string | null }[];
};

/** A staff move on an order through the API (`pack`, `ship`, `deliver`, `returns/<id>/approve`…). */
export async function staffAction(
  request: APIRequestContext,
  token: string,
  orderId: string,
  action: string,
  body: Record<string, unknown> = {},
): Promise<StaffOrder> {
  const answer = await request.post(`/api/admin/orders/${orderId}/${action}`, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status(), `${action}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as StaffOrder;
}

export async function staffOrder(request: APIRequestContext, token: string, orderId: string) {
  const answer = await request.get(`/api/admin/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as StaffOrder;
}

export type OutboxMail = { file: string; to: string; subject: string; text: string };

/** An RFC 2047 header (`=?UTF-8?Q?…?=` or `=?UTF-8?B?…?=` words, folded over lines) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The plain-text part of a message, quoted-printable decoded. */
function plainText(raw: string): string {
  const part = raw.split(/Content-Type: text\/plain[^\n]*\n/i)[1]?.split(/\n----_/)[0] ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(part)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message the dev mailer wrote to `to`, oldest first. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
    const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
    const recipient = unfolded.match(/^To: (.*)$/im)?.[1]?.trim() ?? '';
    if (recipient !== to) continue;
    mails.push({
      file,
      to: recipient,
      subject: decodeHeader(unfolded.match(/^Subject: (.*)$/im)?.[1] ?? ''),
      text: plainText(raw),
    });
  }
  return mails;
}

/** Waits for the message to `to` whose subject contains `subject`, and answers it. */
export async function expectMail(to: string, subject: string | RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((mail) =>
          typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject),
        );
        return found?.subject;
      },
      { message: `an e-mail to ${to} about "${subject}" in ${outbox}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Reloads the page until `check` passes: staff moved the order on in another place. */
export async function reloadUntil(page: Page, check: () => Promise<void>, timeout = 15_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout });
}
