import { Link } from 'wouter';
import type { getCart } from '../../shared/api/cart';
import type { ResponseOf } from '../../shared/api/endpoint';
import { useRevalidate, useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { cartTotal } from '../features/cart/cart-store';
import { AddressForm } from '../features/checkout/address-form';
import { OrderSummary } from '../features/checkout/order-summary';
import { usePaymentFlow } from '../features/checkout/use-payment-flow';
import { useSession } from '../lib/session';
import '../features/checkout/checkout.css';
import './checkout-page.css';

const SHOP_NAME = 'Bharat Bazaar';
const LABELS = {
  idle: 'Continue to payment',
  starting: 'Starting payment…',
  paying: 'Waiting for payment…',
  placing: 'Placing your order…',
};

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
 * Checkout: the address, then payment through Razorpay's Standard Checkout (or the built-in test
 * gateway, which speaks the same options). The steps and their failures are the payment flow's
 * (features/checkout/payment-flow.ts); this page shows its state. The server computes the amount
 * from the cart and builds the order from what was paid for.
 */
export default function CheckoutPage() {
  const lines = useRouteData<ResponseOf<typeof getCart>>();
  const customer = useSession();
  const total = cartTotal(lines);
  const { phase, problem, pay } = usePaymentFlow(lines, total, useRevalidate());

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
        <AddressForm busy={phase !== 'idle'} submitLabel={LABELS[phase]} onSubmit={pay}>
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
