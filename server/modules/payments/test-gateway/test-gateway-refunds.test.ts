import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testGatewayPayments, testGatewayRefunds, webhookEvents } from '../../../db/schema.js';
import { createPaymentSettlement, type RefundSettler } from '../../../flows/settle-payment.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { PaymentProviderError, type ProviderRefund } from '../payment-provider.js';
import type { TestGatewayProvider } from './test-gateway-provider.js';

// The webhook comes from the gateway's own timer: on a loaded machine it can take seconds.
const webhookArrives = { timeout: 15_000, interval: 50 };

// Webhooks a moment after the event, so the tests can watch them arrive.
const WEBHOOK_DELAY_MS = 30;
const OVER_REFUND = 'The total refund amount is greater than the refund payment amount';

let ctx: TestContext;
let gateway: TestGatewayProvider;
beforeAll(async () => {
  ctx = await createTestApp({ TEST_GATEWAY_WEBHOOK_DELAY_MS: String(WEBHOOK_DELAY_MS) });
  gateway = ctx.app.services.testGateway!;
});
afterAll(async () => {
  await ctx?.close();
});

let keys = 0;
const key = () => `refund-key-${Date.now()}-${++keys}`;

/** A payment the shop has captured, as after a placed order. */
async function capturedPayment(amount = 100_000) {
  const order = await gateway.createOrder({ amount, currency: 'INR', receipt: 'test-receipt' });
  const { payment } = await gateway.approve(order.id, 'upi');
  return gateway.capture(payment.id, amount, 'INR');
}

const paymentRow = async (id: string) =>
  (await ctx.database.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)))[0]!;
const refundRows = (paymentId: string) =>
  ctx.database.db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, paymentId));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as PaymentProviderError,
  );
const webhooksSeen = async (ids: string[]) =>
  (await ctx.database.db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids))).map((e) => e.id);

describe('test gateway refunds', () => {
  it('refunds in parts up to the captured amount and refuses one rupee more, as Razorpay does', async () => {
    const payment = await capturedPayment(100_000);
    const first = await gateway.refund(payment.id, 30_000, key(), {
      receipt: 'refund-one',
      notes: { refund_id: 'refund-one', reason: 'damaged' },
    });
    expect(first).toMatchObject({
      entity: 'refund',
      payment_id: payment.id,
      amount: 30_000,
      currency: 'INR',
      status: 'processed',
      receipt: 'refund-one',
      notes: { refund_id: 'refund-one', reason: 'damaged' },
    });
    expect(first.id).toMatch(/^rfnd_/);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'captured', amountRefunded: 30_000 });

    const tooMuch = await refusal(gateway.refund(payment.id, 70_001, key()));
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect(tooMuch).toMatchObject({ statusCode: 400, message: OVER_REFUND });

    const rest = await gateway.refund(payment.id, 70_000, key());
    expect(rest.status).toBe('processed');
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', amountRefunded: 100_000 });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({
      status: 'refunded',
      amount_refunded: 100_000,
      captured: true,
    });
    expect((await refusal(gateway.refund(payment.id, 100, key())))?.message).toBe(OVER_REFUND);

    const listed = await gateway.fetchRefunds(payment.id);
    expect(listed.map((r) => [r.id, r.amount, r.status])).toEqual([
      [first.id, 30_000, 'processed'],
      [rest.id, 70_000, 'processed'],
    ]);
    // Without a receipt the key is the receipt (Razorpay shows it in the dashboard).
    expect(listed[1]!.receipt).toMatch(/^refund-key-/);
  });

  it('answers the same refund for the same idempotency key, also when requests race', async () => {
    const payment = await capturedPayment(100_000);
    const sameKey = key();
    const once = await gateway.refund(payment.id, 40_000, sameKey);
    const again = await gateway.refund(payment.id, 40_000, sameKey);
    expect(again.id).toBe(once.id);
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect((await paymentRow(payment.id)).amountRefunded).toBe(40_000);

    const racingKey = key();
    const raced = await Promise.all(
      Array.from({ length: 10 }, () => gateway.refund(payment.id, 20_000, racingKey)),
    );
    expect(new Set(raced.map((r) => r.id)).size).toBe(1);
    expect(await refundRows(payment.id)).toHaveLength(2);
    expect((await paymentRow(payment.id)).amountRefunded).toBe(60_000);

    // A key is one refund of one payment: used for another, it is refused.
    const other = await capturedPayment(50_000);
    const reused = await refusal(gateway.refund(other.id, 10_000, sameKey));
    expect(reused).toMatchObject({ statusCode: 400 });
    expect(await refundRows(other.id)).toHaveLength(0);
  });

  it('never refunds more than was captured when many refunds of one payment race', async () => {
    const payment = await capturedPayment(100_000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => gateway.refund(payment.id, 30_000, key())),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r.reason as Error).message).toBe(OVER_REFUND);
    expect(await refundRows(payment.id)).toHaveLength(3);
    expect((await paymentRow(payment.id)).amountRefunded).toBe(90_000);
  });

  it('refunds only captured payments, of at least one rupee', async () => {
    const order = await gateway.createOrder({ amount: 10_000, currency: 'INR', receipt: 'r' });
    const { payment: authorized } = await gateway.approve(order.id, 'card');
    expect(await refusal(gateway.refund(authorized.id, 10_000, key()))).toMatchObject({
      statusCode: 400,
      message: 'Only captured payments can be refunded',
    });
    const declined = await gateway.decline(order.id, 'card');
    expect((await refusal(gateway.refund(declined.id, 10_000, key())))?.statusCode).toBe(400);
    expect((await refusal(gateway.refund('pay_nope', 10_000, key())))?.statusCode).toBe(400);
    expect((await refusal(gateway.fetchRefunds('pay_nope')))?.statusCode).toBe(400);
    const captured = await capturedPayment(10_000);
    expect((await refusal(gateway.refund(captured.id, 99, key())))?.statusCode).toBe(400);
    expect((await refusal(gateway.refund(captured.id, 100.5, key())))?.statusCode).toBe(400);
    expect(await refundRows(authorized.id)).toHaveLength(0);
    expect(await refundRows(captured.id)).toHaveLength(0);
  });

  describe('scripted outcomes', () => {
    it('pending: answers pending, and refund.processed follows, signed', async () => {
      const payment = await capturedPayment(20_000);
      gateway.scriptRefunds('pending');
      try {
        const refund = await gateway.refund(payment.id, 20_000, key(), { notes: { refund_id: 'r-1' } });
        expect(refund.status).toBe('pending');
        // The plan the gateway keeps for it is its own business.
        expect(refund.notes).toEqual({ refund_id: 'r-1' });
        expect(await gateway.pendingRefundIds()).toContain(refund.id);
        // The amount is taken while pending, as Razorpay does.
        expect((await refusal(gateway.refund(payment.id, 100, key())))?.message).toBe(OVER_REFUND);
        await vi.waitFor(async () => {
          expect(await webhooksSeen([`evt_${refund.id}_refund.processed`])).toHaveLength(1);
        }, webhookArrives);
        const [after] = await gateway.fetchRefunds(payment.id);
        expect(after).toMatchObject({ id: refund.id, status: 'processed', notes: { refund_id: 'r-1' } });
        expect(await gateway.pendingRefundIds()).not.toContain(refund.id);
        expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', amountRefunded: 20_000 });
      } finally {
        gateway.scriptRefunds('processed');
      }
    });

    it('fail: answers pending, then refund.failed, and the amount is refundable again', async () => {
      const payment = await capturedPayment(20_000);
      gateway.scriptRefunds('fail');
      let refund: ProviderRefund;
      try {
        refund = await gateway.refund(payment.id, 15_000, key());
      } finally {
        gateway.scriptRefunds('processed');
      }
      expect(refund.status).toBe('pending');
      await vi.waitFor(async () => {
        expect(await webhooksSeen([`evt_${refund.id}_refund.failed`])).toHaveLength(1);
      }, webhookArrives);
      expect((await gateway.fetchRefunds(payment.id))[0]).toMatchObject({ id: refund.id, status: 'failed' });
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'captured', amountRefunded: 0 });
      const retried = await gateway.refund(payment.id, 20_000, key());
      expect(retried.status).toBe('processed');
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', amountRefunded: 20_000 });
    });

    it('lose-answer: the refund is made but the answer never arrives; the same key then answers it', async () => {
      const payment = await capturedPayment(20_000);
      const lostKey = key();
      gateway.scriptRefunds('lose-answer');
      try {
        const lost = await refusal(gateway.refund(payment.id, 5_000, lostKey));
        expect(lost).toBeInstanceOf(PaymentProviderError);
        expect(lost?.statusCode).toBeUndefined();
        // It stays that way until changed, also for a retry with the same key.
        expect(await refusal(gateway.refund(payment.id, 5_000, lostKey))).toBeInstanceOf(
          PaymentProviderError,
        );
      } finally {
        gateway.scriptRefunds('processed');
      }
      const [made] = await gateway.fetchRefunds(payment.id);
      expect(made).toMatchObject({ amount: 5_000, status: 'processed', receipt: lostKey });
      const answered = await gateway.refund(payment.id, 5_000, lostKey);
      expect(answered.id).toBe(made!.id);
      expect(await refundRows(payment.id)).toHaveLength(1);
      expect((await paymentRow(payment.id)).amountRefunded).toBe(5_000);
      await vi.waitFor(async () => {
        expect(await webhooksSeen([`evt_${made!.id}_refund.processed`])).toHaveLength(1);
      }, webhookArrives);
    });

    it('unreachable: throws and makes nothing', async () => {
      const payment = await capturedPayment(20_000);
      gateway.scriptRefunds('unreachable');
      try {
        const down = await refusal(gateway.refund(payment.id, 5_000, key()));
        expect(down).toBeInstanceOf(PaymentProviderError);
        expect(down?.statusCode).toBeUndefined();
      } finally {
        gateway.scriptRefunds('processed');
      }
      expect(await gateway.fetchRefunds(payment.id)).toEqual([]);
      expect((await paymentRow(payment.id)).amountRefunded).toBe(0);
    });
  });

  it('reports a processed refund by a signed webhook too, in Razorpay shape with the payment', async () => {
    const payment = await capturedPayment(30_000);
    const refund = await gateway.refund(payment.id, 10_000, key(), { notes: { refund_id: 'r-2' } });
    await vi.waitFor(async () => {
      expect(await webhooksSeen([`evt_${refund.id}_refund.processed`])).toHaveLength(1);
    }, webhookArrives);
    const webhook = (await gateway.refundWebhook(refund.id))!;
    expect(webhook.event).toBe('refund.processed');
    expect(JSON.parse(webhook.body.toString())).toMatchObject({
      entity: 'event',
      event: 'refund.processed',
      payload: {
        refund: { entity: { id: refund.id, payment_id: payment.id, amount: 10_000, status: 'processed' } },
        payment: { entity: { id: payment.id, amount_refunded: 10_000, status: 'captured' } },
      },
    });
    const parsed = gateway.parseWebhook(
      webhook.body,
      webhook.headers['x-razorpay-signature'],
      webhook.headers['x-razorpay-event-id'],
    );
    expect(parsed).toMatchObject({
      id: `evt_${refund.id}_refund.processed`,
      event: 'refund.processed',
      refund: { id: refund.id, amount: 10_000, status: 'processed', notes: { refund_id: 'r-2' } },
      payment: { id: payment.id },
    });
    const tampered = Buffer.from(webhook.body.toString().replace('"amount":10000', '"amount":30000'));
    expect(gateway.parseWebhook(tampered, webhook.headers['x-razorpay-signature'], 'evt_x')).toBeUndefined();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/test-gateway/webhook',
      headers: { ...webhook.headers, 'x-razorpay-event-id': 'evt_tampered' },
      payload: tampered,
    });
    expect(refused.statusCode).toBe(400);
    expect(await gateway.refundWebhook('rfnd_unknown')).toBeUndefined();
  });
});

describe('settlement of refund events', () => {
  function recordingSettler(options: { failReconcile?: boolean } = {}) {
    const settled: ProviderRefund[] = [];
    const reconciled: unknown[] = [];
    const settler: RefundSettler = {
      async settleFromProvider(refund) {
        settled.push(refund);
        return 'settled';
      },
      async reconcilePending(args) {
        reconciled.push(args);
        if (options.failReconcile) throw new Error('database went away');
        return { checked: 2, settled: 1 };
      },
    };
    const warnings: unknown[] = [];
    // pino's methods live on its prototype.
    const log = Object.create(ctx.app.log) as typeof ctx.app.log;
    log.warn = ((...args: unknown[]) => warnings.push(args)) as typeof log.warn;
    const settlement = createPaymentSettlement({
      db: ctx.database.db,
      provider: gateway,
      placement: ctx.app.services.placement,
      log,
      refunds: settler,
    });
    return { settlement, settled, reconciled, warnings };
  }

  it('hands a refund webhook to the refunds once, however often it is replayed', async () => {
    const { settlement, settled } = recordingSettler();
    const payment = await capturedPayment(30_000);
    gateway.scriptRefunds('fail');
    let refund: ProviderRefund;
    try {
      refund = await gateway.refund(payment.id, 30_000, key());
    } finally {
      gateway.scriptRefunds('processed');
    }
    const webhook = (await gateway.refundWebhook(refund.id))!;
    const eventId = `${webhook.headers['x-razorpay-event-id']}-replayed`;
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      outcomes.push(
        await settlement.handleWebhook(webhook.body, webhook.headers['x-razorpay-signature'], eventId),
      );
    }
    expect(outcomes).toEqual(['processed', ...Array(9).fill('duplicate')]);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ id: refund.id, status: 'failed', amount: 30_000 });
    // A forged one reaches nothing.
    expect(await settlement.handleWebhook(webhook.body, '0'.repeat(64), 'evt_forged')).toBe('invalid');
    // Payment events are not refunds.
    const raw = Buffer.from(JSON.stringify({ event: 'payment.failed', payload: {} }));
    await settlement.handleWebhook(raw, gateway.signWebhook(raw), `evt_payment_${key()}`);
    expect(settled).toHaveLength(1);
  });

  it('reconciles pending refunds too, and a failure there is logged, not thrown', async () => {
    const ok = recordingSettler();
    expect((await ok.settlement.reconcile({ minAgeMs: 5_000 })).refunds).toEqual({ checked: 2, settled: 1 });
    expect(ok.reconciled).toEqual([{ minAgeMs: 5_000 }]);
    const failing = recordingSettler({ failReconcile: true });
    expect((await failing.settlement.reconcile()).refunds).toEqual({ checked: 0, settled: 0 });
    expect(failing.reconciled).toEqual([{}]);
    expect(JSON.stringify(failing.warnings)).toContain('pending refunds');
  });
});
