import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { startCheckout, verifyPayment } from '../../../shared/api/checkout';
import type { ApiCheckoutStart } from '../../../shared/api/checkout.schemas';
import type { Endpoint } from '../../../shared/api/endpoint';
import { createOrder } from '../../../shared/api/orders';
import type { Locale } from '../../../shared/locales';
import type { ShippingAddress } from '../../../shared/schemas/address';
import { loadInteractiveMessages } from '../../i18n/catalogues';
import { createI18n, type Translate } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { loadApiMessages, type Say, sayIn } from './api-messages';
import { createPaymentFlow, type PaymentState } from './payment-flow';
import {
  loadCheckoutScript,
  type RazorpayConstructor,
  type RazorpayFailure,
  type RazorpayHandlerResponse,
  type RazorpayOptions,
} from './razorpay-checkout';

// The flow's effects, replaced: the API, toasts and the checkout script.
vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { call: vi.fn() } as never,
}));
vi.mock(import('../../lib/toast'), () => ({ toast: { error: vi.fn(), success: vi.fn() } as never }));
vi.mock(import('./razorpay-checkout'), () => ({ loadCheckoutScript: vi.fn() }));

const address: ShippingAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12 MG Road',
  landmark: 'Near the park',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  mobile: undefined,
};

const lines = [
  { _id: 'l1', productId: { _id: 'p1' }, color: { _id: 'c1' }, quantity: 2, price: 250 },
  { _id: 'l2', productId: { _id: 'p2' }, color: { _id: 'c2' }, quantity: 1, price: 100 },
] as unknown as ApiCartLine[];

const started: ApiCheckoutStart = {
  success: true,
  order: {
    id: 'order_1',
    entity: 'order',
    amount: 60_000,
    amount_paid: 0,
    amount_due: 60_000,
    currency: 'INR',
    receipt: 'rcpt_1',
    status: 'created',
    attempts: 0,
    notes: {},
    created_at: 0,
  },
  key: 'rzp_test_key',
  checkoutScript: '/pay/checkout.js',
  heldUntil: '2026-01-01T00:15:00.000Z',
};

const paid: RazorpayHandlerResponse = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'a'.repeat(64),
};

type Answer = unknown;

/** A payment sheet the test drives: pay, fail, dismiss, or one that cannot open. */
class Sheet {
  static last: Sheet | undefined;
  static broken = false;
  failedListeners: ((failure: RazorpayFailure) => void)[] = [];
  opened = false;
  constructor(readonly options: RazorpayOptions) {
    if (Sheet.broken) throw new Error('no sheet');
    Sheet.last = this;
  }
  on(_event: 'payment.failed', listener: (failure: RazorpayFailure) => void) {
    this.failedListeners.push(listener);
  }
  open() {
    this.opened = true;
  }
}

/** The checkout page's words, in English and in Hindi, and its way of saying the server's messages. */
const words: Partial<Record<Locale, { t: Translate; say: Say }>> = {};
beforeAll(async () => {
  for (const locale of ['en', 'hi'] as const) {
    const i18n = createI18n(locale, await loadInteractiveMessages(locale, ['checkout']));
    words[locale] = { t: (key, values) => i18n._(key, values), say: (message) => sayIn(i18n, message) };
  }
  // A Hindi page has the server's messages with names in it (a product, an amount) in Hindi.
  await loadApiMessages();
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  Sheet.last = undefined;
  Sheet.broken = false;
});
afterEach(() => {
  vi.useRealTimers();
});

function harness(
  answers: { start?: Answer; verify?: Answer; create?: Answer; script?: boolean } = {},
  locale: Locale = 'en',
) {
  const states: PaymentState[] = [];
  const calls: { endpoint: Endpoint; body: unknown }[] = [];
  let placed = 0;
  let reloads = 0;
  const respond = (answer: Answer) =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  vi.mocked(api.call).mockImplementation(((endpoint: Endpoint, input: { body?: unknown } = {}) => {
    calls.push({ endpoint, body: input.body });
    if (endpoint === startCheckout) return respond(answers.start ?? started);
    if (endpoint === verifyPayment)
      return respond(answers.verify ?? { razorpayOrderId: 'order_1', razorpayPaymentId: 'pay_1' });
    if (endpoint === createOrder) return respond(answers.create ?? { success: true, order: { _id: 'o1' } });
    return Promise.reject(new Error(`unexpected ${endpoint.path}`));
  }) as typeof api.call);
  vi.mocked(loadCheckoutScript).mockResolvedValue(
    answers.script === false ? undefined : (Sheet as unknown as RazorpayConstructor),
  );
  const flow = createPaymentFlow(
    (state) => states.push(state),
    async () => {
      placed++;
    },
    words[locale]!.t,
    words[locale]!.say,
  );
  /** Sends the address, then lets the sheet's opening delay pass. */
  const pay = async () => {
    await flow.pay({
      address,
      lines,
      total: 600,
      customer: { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in', mobile: '9876543210' },
      reload: () => {
        reloads++;
      },
    });
    await vi.advanceTimersByTimeAsync(300);
  };
  /** Lets the handler's verify and create-order calls finish. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const failures = () => vi.mocked(toast.error).mock.calls.map(([message]) => message);
  return {
    flow,
    pay,
    settle,
    states,
    state: () => states.at(-1),
    failures,
    calls,
    placed: () => placed,
    reloads: () => reloads,
  };
}

const phases = (states: PaymentState[]) => states.map((s) => s.phase);

describe('the payment flow', () => {
  it('starts, opens the sheet with the server’s order, verifies and places the order', async () => {
    const h = harness();
    await h.pay();
    expect(phases(h.states)).toEqual(['starting', 'paying']);
    // The total shown goes with it: the server refuses to charge anything else.
    expect(h.calls[0]).toEqual({
      endpoint: startCheckout,
      body: { amount: 600, expectedTotal: 600, shippingInfo: address },
    });
    const sheet = Sheet.last!;
    expect(sheet.opened).toBe(true);
    expect(sheet.options).toMatchObject({
      key: 'rzp_test_key',
      amount: 60_000,
      currency: 'INR',
      order_id: 'order_1',
      name: 'Bharat Bazaar',
      description: 'Payment for 3 items',
      prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '9876543210' },
    });

    sheet.options.handler(paid);
    await h.settle();
    expect(h.calls.map((c) => c.endpoint)).toEqual([startCheckout, verifyPayment, createOrder]);
    expect(h.calls[1]!.body).toEqual({
      orderCreationId: 'order_1',
      razorpayPaymentId: 'pay_1',
      razorpayOrderId: 'order_1',
      razorpaySignature: paid.razorpay_signature,
    });
    expect(h.calls[2]!.body).toEqual({
      totalPrice: 600,
      totalPriceAfterDiscount: 600,
      orderItems: [
        { product: 'p1', quantity: 2, color: 'c1', price: 250 },
        { product: 'p2', quantity: 1, color: 'c2', price: 100 },
      ],
      paymentInfo: { razorpayOrderId: 'order_1', razorpayPaymentId: 'pay_1' },
      shippingInfo: address,
    });
    expect(toast.success).toHaveBeenCalledWith('Order placed successfully', { autoClose: 4000 });
    expect(h.placed()).toBe(1);
    expect(h.failures()).toEqual([]);
    expect(h.state()).toEqual({ phase: 'placing', problem: null });
  });

  it('opens the sheet only after a moment, and not at all once stopped (the page left)', async () => {
    const h = harness();
    await h.flow.pay({ address, lines, total: 600, reload: () => undefined });
    expect(Sheet.last).toBeUndefined();
    h.flow.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(Sheet.last).toBeUndefined();
  });

  it('sends the coupon applied on the page with the total it gave', async () => {
    const h = harness();
    await h.flow.pay({ address, lines, total: 548.5, coupon: 'DIWALI10', reload: () => undefined });
    expect(h.calls[0]!.body).toEqual({
      amount: 548.5,
      expectedTotal: 548.5,
      shippingInfo: address,
      coupon: 'DIWALI10',
    });
  });

  it('sends no signature when the sheet gives none (older checkouts)', async () => {
    const h = harness();
    await h.pay();
    Sheet.last!.options.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1' });
    await h.settle();
    expect(h.calls[1]!.body).not.toHaveProperty('razorpaySignature');
  });

  it('stops at the start when the server refuses, and reloads the cart on a 409 naming the product', async () => {
    const short = harness({ start: new ApiError(409, 'Only 1 of Phone X left.') });
    await short.pay();
    expect(short.state()).toEqual({ phase: 'idle', problem: 'Only 1 of Phone X left.' });
    expect(short.failures()).toEqual(['Only 1 of Phone X left.']);
    expect(short.reloads()).toBe(1);
    expect(Sheet.last).toBeUndefined();
    expect(loadCheckoutScript).not.toHaveBeenCalled();

    vi.clearAllMocks();
    const empty = harness({ start: new ApiError(400, 'Your cart is empty.') });
    await empty.pay();
    expect(empty.failures()).toEqual(['Your cart is empty.']);
    expect(empty.reloads()).toBe(0);

    vi.clearAllMocks();
    const offline = harness({ start: new TypeError('fetch failed') });
    await offline.pay();
    expect(offline.state()?.problem).toBe(
      'Something went wrong! Please check your connection and try again.',
    );
  });

  it('stops when the checkout script does not load', async () => {
    const h = harness({ script: false });
    await h.pay();
    expect(h.state()).toEqual({ phase: 'idle', problem: 'Razorpay SDK failed to load!' });
    expect(h.failures()).toEqual(['Razorpay SDK failed to load!']);
    expect(h.reloads()).toBe(0);
  });

  it('stops when the sheet cannot open', async () => {
    const h = harness();
    Sheet.broken = true;
    await h.pay();
    expect(h.state()?.phase).toBe('idle');
    expect(h.failures()[0]).toMatch(/opening the payment window/);
  });

  it('keeps the sheet open after a failed payment, then succeeds on a retry inside it', async () => {
    const h = harness();
    await h.pay();
    Sheet.last!.failedListeners[0]!({ error: { description: 'Card declined.' } });
    expect(h.state()).toEqual({
      phase: 'paying',
      problem:
        'Payment failed: Card declined. No money was taken and no order was placed. You can try again.',
    });
    expect(h.failures()).toEqual([]);

    Sheet.last!.options.handler(paid);
    await h.settle();
    expect(h.placed()).toBe(1);
    expect(h.state()?.problem).toBeNull();
  });

  it('goes back to the form when the sheet is dismissed, keeping a failure already shown', async () => {
    const dismissed = harness();
    await dismissed.pay();
    Sheet.last!.options.modal.ondismiss();
    expect(dismissed.state()).toEqual({
      phase: 'idle',
      problem: 'Payment cancelled. Your address is saved: you can try again.',
    });
    expect(dismissed.failures()).toEqual([]);

    const failedThenDismissed = harness();
    await failedThenDismissed.pay();
    Sheet.last!.failedListeners[0]!({});
    Sheet.last!.options.modal.ondismiss();
    expect(failedThenDismissed.state()?.phase).toBe('idle');
    expect(failedThenDismissed.state()?.problem).toMatch(/^Payment failed: The payment did not go through\./);
  });

  it('stops when the payment cannot be verified, placing nothing', async () => {
    const h = harness({ verify: new ApiError(400, 'We could not verify this payment.') });
    await h.pay();
    Sheet.last!.options.handler(paid);
    await h.settle();
    expect(h.calls.map((c) => c.endpoint)).toEqual([startCheckout, verifyPayment]);
    expect(h.state()).toEqual({ phase: 'idle', problem: 'We could not verify this payment.' });
    expect(h.failures()).toEqual(['We could not verify this payment.']);
    expect(h.placed()).toBe(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when the order is refused: sold out while paying (409, cart reloaded) or no order answered', async () => {
    const soldOut = harness({
      create: new ApiError(409, 'Phone X sold out while you were paying, so no order was placed.'),
    });
    await soldOut.pay();
    Sheet.last!.options.handler(paid);
    await soldOut.settle();
    expect(soldOut.state()?.phase).toBe('idle');
    expect(soldOut.failures()).toEqual(['Phone X sold out while you were paying, so no order was placed.']);
    expect(soldOut.reloads()).toBe(1);
    expect(soldOut.placed()).toBe(0);

    vi.clearAllMocks();
    const nothing = harness({ create: {} });
    await nothing.pay();
    Sheet.last!.options.handler(paid);
    await nothing.settle();
    expect(nothing.failures()).toEqual(['Something went wrong']);
    expect(nothing.reloads()).toBe(0);
    expect(nothing.placed()).toBe(0);
  });

  it('in Hindi: the sheet’s description, the failures and the server’s refusals are the page’s words', async () => {
    const h = harness({}, 'hi');
    await h.pay();
    // The shop's name stays as it is; the description starts with the count (Razorpay wants it to
    // start with a letter or a digit).
    expect(Sheet.last!.options).toMatchObject({ name: 'Bharat Bazaar', description: '3 सामान का भुगतान' });
    Sheet.last!.failedListeners[0]!({});
    expect(h.state()?.problem).toBe(
      'भुगतान नहीं हो पाया: भुगतान पूरा नहीं हुआ। कोई पैसा नहीं कटा और कोई ऑर्डर नहीं हुआ। आप फिर से कोशिश कर सकते हैं।',
    );
    Sheet.last!.options.modal.ondismiss();
    expect(h.state()?.phase).toBe('idle');

    vi.clearAllMocks();
    const short = harness(
      { start: new ApiError(409, 'Only 1 of Phone X left. Please update your cart.') },
      'hi',
    );
    await short.pay();
    expect(short.failures()).toEqual(['Phone X के सिर्फ़ 1 बचे हैं। कृपया अपना कार्ट अपडेट करें।']);
    expect(short.reloads()).toBe(1);

    vi.clearAllMocks();
    const offline = harness({ start: new TypeError('fetch failed') }, 'hi');
    await offline.pay();
    expect(offline.state()?.problem).toBe('कुछ गड़बड़ हो गई! कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।');

    vi.clearAllMocks();
    const placed = harness({}, 'hi');
    await placed.pay();
    Sheet.last!.options.handler(paid);
    await placed.settle();
    expect(toast.success).toHaveBeenCalledWith('ऑर्डर सफलतापूर्वक हो गया', { autoClose: 4000 });
  });
});
