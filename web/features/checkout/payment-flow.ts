import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { startCheckout, verifyPayment } from '../../../shared/api/checkout';
import type { ApiCheckoutStart } from '../../../shared/api/checkout.schemas';
import { createOrder } from '../../../shared/api/orders';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { Translate } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { AddressFormControl } from './address-form';
import type { Say } from './api-messages';
import { placeCashOnDelivery } from './cash-on-delivery';
import { loadCheckoutScript, type RazorpayHandlerResponse } from './razorpay-checkout';

/**
 * Paying for the cart, step by step: start (the server holds the stock and makes a provider
 * order), the payment sheet (Razorpay's Standard Checkout or the test gateway's), verify, create
 * the order. Each way it can stop has its outcome: start refused (a 409 names a product held by
 * other shoppers, and the cart is loaded again), script not loaded, sheet not opened, payment
 * failed (the sheet stays open for a retry), sheet dismissed, verification refused, order refused
 * (409: sold out while paying). The page renders the state it reports, nothing more.
 */

/** idle: the form can be sent; starting, paying, placing: one attempt under way. */
export type PaymentPhase = 'idle' | 'starting' | 'paying' | 'placing';
export type PaymentState = { phase: PaymentPhase; problem: string | null };

/** One attempt's facts, as the page has them when the address is sent. */
export type PaymentRequest = {
  address: ShippingAddress;
  lines: readonly ApiCartLine[];
  /** The total shown (rupees): the server refuses to charge anything else. */
  total: number;
  /** The coupon applied on the page, if any. */
  coupon?: string | undefined;
  customer?: { firstname?: string; lastname?: string; email?: string; mobile?: string } | null;
  /** Loads the page's cart again: the server says it changed (409). */
  reload: () => void;
  /** The address form, for a cash-on-delivery refusal naming its fields. */
  form?: AddressFormControl;
};

const SHOP_NAME = 'Bharat Bazaar';
/** The sheet opens a moment after the address is saved. */
const OPEN_DELAY_MS = 300;

/**
 * `update` receives every new state; `placed` runs once the order exists, with the page to show
 * (the page forgets the saved address, reloads the cart and shows the orders, or a cash-on-delivery
 * order's own page, where it is confirmed). `stop` cancels a sheet still waiting to open. The flow
 * imports nothing that holds React state, so loading it later adds no chunk to the first load
 * (use-payment-flow.ts). `placeCash` places the order cash on delivery instead (cash-on-delivery.ts).
 * `t` and `say` are the page's: every message, the server's included (`say`), and the sheet's
 * description are in its language.
 */
export function createPaymentFlow(
  update: (state: PaymentState) => void,
  placed: (page: string) => Promise<void>,
  t: Translate,
  say: Say,
) {
  let state: PaymentState = { phase: 'idle', problem: null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failureText = (error: unknown) => (isApiError(error) ? say(error.message) : t('checkout.notLoaded'));
  const set = (phase: PaymentPhase, problem = state.problem) => {
    state = { phase, problem };
    update(state);
  };

  return {
    stop: () => clearTimeout(timer),

    /** Cash on delivery: the order placed now, to be confirmed with the code e-mailed. */
    placeCash: ({ address, total, coupon, reload, form }: PaymentRequest) =>
      placeCashOnDelivery({
        address,
        total,
        coupon,
        reload,
        form,
        update: (next) => set(next.phase, next.problem),
        placed: (orderId) => placed(`/my-orders/${orderId}`),
        t,
        say,
      }),

    /** One attempt: from the address to the order, or to the outcome that stopped it. */
    async pay({ address, lines, total, coupon, customer, reload }: PaymentRequest) {
      /** The attempt ends: the message under the form and in a toast. */
      const fail = (message: string) => {
        set('idle', message);
        toast.error(message, { autoClose: 6000 });
      };
      /** A refused call; a 409 (stock short, sold out) also shows the server's cart again. */
      const refused = (error: unknown) => {
        fail(failureText(error));
        if (isApiError(error) && error.status === 409) reload();
      };

      async function place(paid: RazorpayHandlerResponse, orderId: string) {
        // A retry inside the payment sheet succeeded: the earlier failure no longer applies.
        set('placing', null);
        try {
          const paymentInfo = await api.call(verifyPayment, {
            body: {
              orderCreationId: orderId,
              razorpayPaymentId: paid.razorpay_payment_id,
              razorpayOrderId: paid.razorpay_order_id,
              ...(paid.razorpay_signature ? { razorpaySignature: paid.razorpay_signature } : {}),
            },
          });
          // The original client's body; the server ignores the prices and uses what was paid for.
          const created = await api.call(createOrder, {
            body: {
              totalPrice: total,
              totalPriceAfterDiscount: total,
              orderItems: lines.map((line) => ({
                product: line.productId._id,
                quantity: line.quantity,
                color: line.color._id,
                price: line.price,
              })),
              paymentInfo,
              shippingInfo: address,
            },
          });
          if (!created?.order) return fail(t('checkout.pay.noOrder'));
          toast.success(t('checkout.pay.placed'), { autoClose: 4000 });
          await placed('/my-orders');
        } catch (error) {
          refused(error);
        }
      }

      set('starting', null);
      let start: ApiCheckoutStart;
      try {
        start = await api.call(startCheckout, {
          body: { amount: total, expectedTotal: total, shippingInfo: address, ...(coupon ? { coupon } : {}) },
        });
      } catch (error) {
        return refused(error);
      }
      const Razorpay = await loadCheckoutScript(start.checkoutScript);
      if (!Razorpay) return fail(t('checkout.pay.noScript'));
      set('paying');
      timer = setTimeout(() => {
        const name = [customer?.firstname, customer?.lastname].filter(Boolean).join(' ');
        const count = lines.reduce((sum, line) => sum + line.quantity, 0);
        try {
          const sheet = new Razorpay({
            key: start.key,
            amount: start.order.amount,
            currency: start.order.currency,
            name: SHOP_NAME,
            description: t('checkout.pay.description', { count }),
            order_id: start.order.id,
            prefill: {
              ...(name ? { name } : {}),
              ...(customer?.email ? { email: customer.email } : {}),
              ...(customer?.mobile ? { contact: customer.mobile } : {}),
            },
            theme: { color: '#12355b' },
            handler: (paid) => void place(paid, start.order.id),
            modal: {
              ondismiss: () => set('idle', state.problem ?? t('checkout.pay.cancelled')),
            },
          });
          // The sheet stays open for another try: say what happened, end nothing.
          sheet.on('payment.failed', (failure) =>
            set(
              state.phase,
              t('checkout.pay.failed', {
                reason: failure.error?.description
                  ? say(failure.error.description)
                  : t('checkout.pay.notThrough'),
              }),
            ),
          );
          sheet.open();
        } catch {
          fail(t('checkout.pay.noSheet'));
        }
      }, OPEN_DELAY_MS);
    },
  };
}

export type PaymentFlow = ReturnType<typeof createPaymentFlow>;
