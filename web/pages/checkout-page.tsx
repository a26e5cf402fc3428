import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ShippingAddress } from '../../shared/schemas/address';
import { useRevalidate, useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { type CartLine, cartTotal, reloadCart } from '../features/cart/cart-store';
import { AddressForm } from '../features/checkout/address-form';
import { forgetAddress } from '../features/checkout/address-storage';
import { OrderSummary } from '../features/checkout/order-summary';
import {
  loadCheckoutScript,
  type RazorpayFailure,
  type RazorpayHandlerResponse,
} from '../features/checkout/razorpay-checkout';
import { api, isApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';
import '../features/checkout/checkout.css';
import './checkout-page.css';

type CheckoutStart = {
  success: boolean;
  order: { id: string; amount: number; currency: string };
  key: string;
  checkoutScript: string;
};
type PaymentInfo = { razorpayOrderId: string; razorpayPaymentId: string };
type Phase = 'idle' | 'starting' | 'paying' | 'placing';

/** How long after the address is saved the payment window opens (spec section 4). */
const OPEN_DELAY_MS = 300;
const SHOP_NAME = 'Bharat Bazaar';

const failureText = (error: unknown) =>
  isApiError(error) ? error.message : 'Something went wrong! Please check your connection and try again.';

function Breadcrumb() {
  return (
    <nav aria-label="Checkout steps" className="checkout-steps">
      <ol>
        <li>
          <Link href="/cart">Cart</Link>
        </li>
        <li aria-current="step">Information</li>
        <li>Shipping</li>
        <li>Payment</li>
      </ol>
    </nav>
  );
}

/**
 * Checkout (spec sections 2, 4 and 5): the address, then payment through Razorpay's Standard
 * Checkout (or the built-in test gateway, which speaks the same options). The server computes
 * the amount from the cart and builds the order from what was paid for.
 */
export default function CheckoutPage() {
  const lines = useRouteData<CartLine[]>();
  const revalidate = useRevalidate();
  const customer = useSession();
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (lines.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>Your cart is empty</h1>
          <p>There is nothing to check out yet. Add something you like from the store first.</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              Go to the store
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const total = cartTotal(lines);
  const busy = phase !== 'idle';

  function fail(message: string) {
    setProblem(message);
    toast.error(message, { autoClose: 6000 });
    setPhase('idle');
  }

  async function placeOrder(address: ShippingAddress, response: RazorpayHandlerResponse, orderId: string) {
    // A retry inside the payment window succeeded: the earlier failure no longer applies.
    setProblem(null);
    setPhase('placing');
    try {
      const paymentInfo = await api.post<PaymentInfo>('/user/order/paymentVerification', {
        orderCreationId: orderId,
        razorpayPaymentId: response.razorpay_payment_id,
        razorpayOrderId: response.razorpay_order_id,
        ...(response.razorpay_signature ? { razorpaySignature: response.razorpay_signature } : {}),
      });
      // Spec section 3's body; the server ignores the prices and uses what was paid for.
      const created = await api.post<{ success?: boolean; order?: unknown }>('/user/cart/create-order', {
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
      });
      if (!created?.order) {
        fail('Something went wrong');
        return;
      }
      forgetAddress();
      toast.success('Order placed successfully', { autoClose: 4000 });
      await reloadCart();
      navigate('/my-orders');
    } catch (error) {
      fail(failureText(error));
      // A sold-out line or a changed cart: show what the server has now.
      if (isApiError(error) && error.status === 409) revalidate();
    }
  }

  async function pay(address: ShippingAddress) {
    setProblem(null);
    setPhase('starting');
    let start: CheckoutStart;
    try {
      start = await api.post<CheckoutStart>('/user/order/checkout', { amount: total, shippingInfo: address });
    } catch (error) {
      fail(failureText(error));
      // Stock short or held by other shoppers: show the cart's stock as it is now.
      if (isApiError(error) && error.status === 409) revalidate();
      return;
    }
    const Razorpay = await loadCheckoutScript(start.checkoutScript);
    if (!Razorpay) {
      fail('Razorpay SDK failed to load!');
      return;
    }
    setPhase('paying');
    timer.current = setTimeout(() => {
      const name = [customer?.firstname, customer?.lastname].filter(Boolean).join(' ');
      const count = lines.reduce((sum, line) => sum + line.quantity, 0);
      try {
        const checkout = new Razorpay({
          key: start.key,
          amount: start.order.amount,
          currency: start.order.currency,
          name: SHOP_NAME,
          description: `Payment for ${count} ${count === 1 ? 'item' : 'items'}`,
          order_id: start.order.id,
          prefill: {
            ...(name ? { name } : {}),
            ...(customer?.email ? { email: customer.email } : {}),
            ...(customer?.mobile ? { contact: customer.mobile } : {}),
          },
          theme: { color: '#12355b' },
          handler: (response) => void placeOrder(address, response, start.order.id),
          modal: {
            ondismiss: () => {
              setPhase('idle');
              setProblem(
                (current) => current ?? 'Payment cancelled. Your address is saved: you can try again.',
              );
            },
          },
        });
        checkout.on('payment.failed', (failure: RazorpayFailure) => {
          const reason = failure.error?.description ?? 'The payment did not go through.';
          setProblem(
            `Payment failed: ${reason} No money was taken and no order was placed. You can try again.`,
          );
        });
        checkout.open();
      } catch {
        fail('Something went wrong while opening the payment window. Please try again.');
      }
    }, OPEN_DELAY_MS);
  }

  const label =
    phase === 'starting'
      ? 'Starting payment…'
      : phase === 'paying'
        ? 'Waiting for payment…'
        : phase === 'placing'
          ? 'Placing your order…'
          : 'Continue to payment';

  return (
    <div className="checkout-page container">
      <div className="checkout-main">
        <p className="checkout-brand">{SHOP_NAME}</p>
        <Breadcrumb />
        <h1>Checkout</h1>
        <section className="checkout-contact" aria-labelledby="checkout-contact-title">
          <h2 id="checkout-contact-title">Contact information</h2>
          <p>
            {customer?.firstname ? `${customer.firstname} ${customer.lastname ?? ''}`.trim() : 'Signed in'}
            {customer?.email ? (
              <>
                {' '}
                (<span data-testid="checkout-email">{customer.email}</span>)
              </>
            ) : null}
          </p>
        </section>
        <h2 id="checkout-address-title" className="checkout-section-title">
          Shipping address
        </h2>
        <div className="checkout-problem" role="alert">
          {problem}
        </div>
        <AddressForm busy={busy} submitLabel={label} onSubmit={pay}>
          <Link href="/cart" className="checkout-back">
            ‹ Return to cart
          </Link>
        </AddressForm>
        <p className="checkout-secure">
          Payments are processed securely by our payment gateway. We never see or store your card details.
        </p>
      </div>
      <OrderSummary lines={lines} total={total} />
    </div>
  );
}
