import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { ApiCheckoutQuote } from '../../shared/api/price-breakup.schemas';
import { useRevalidate, useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { AddressForm } from '../features/checkout/address-form';
import type { CheckoutData } from '../features/checkout/checkout-data';
import { OrderSummary } from '../features/checkout/order-summary';
import { PaymentChoice, type PaymentMethod } from '../features/checkout/payment-choice';
import { useLocatedQuote } from '../features/checkout/use-located-quote';
import { usePaymentFlow } from '../features/checkout/use-payment-flow';
import { formatRupees } from '../lib/money';
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

type Priced = { from: ApiCheckoutQuote | null; quote: ApiCheckoutQuote; coupon: string | undefined };

// The coupon box loads when the shopper asks for it: most checkouts have none, and the page's
// first load stays under the budget (docs/decisions/006-first-load-budget.md).
const CouponField = lazy(() => import('../features/checkout/coupon-field'));

/**
 * Checkout: the address, then payment through Razorpay's Standard Checkout (or the built-in test
 * gateway, which speaks the same options), or cash on delivery. The steps and their failures are
 * the payment flow's (features/checkout/payment-flow.ts, cash-on-delivery.ts); this page shows its
 * state. The server computes the total and its breakup (with the coupon applied here) and charges
 * exactly that total, or refuses when it changed since it was shown; it builds the order from what
 * was paid for. Cash on delivery is offered when the quote allows it (the shop's limit) and the
 * pincode's couriers take cash (the address form's lookup says so: no second request).
 */
export default function CheckoutPage() {
  const { lines, quote: routeQuote, account } = useRouteData<CheckoutData>();
  const revalidate = useRevalidate();
  // A coupon's quote counts for the route data it was asked with. When the route loads again (the
  // server said the cart changed), the route's own total shows and the coupon box applies the
  // coupon again to the new cart (or says why it no longer can); paying waits for it.
  const [priced, setPriced] = useState<Priced | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  const current = priced?.from === routeQuote ? priced : null;
  const reapply = priced && !current ? priced.coupon : undefined;
  const [chosen, choose] = useState<PaymentMethod>('online');
  const [pincode, setPincode] = useState<{ pin: string; cod: boolean; serviceable: boolean } | null>(null);
  // Priced to a pincode the shop delivers to (elsewhere the form says why, and nothing is paid).
  const quote = useLocatedQuote(
    current?.quote ?? routeQuote,
    pincode?.serviceable ? pincode.pin : undefined,
    current?.coupon,
  );
  const cod = quote?.cashOnDelivery;
  const codProblem =
    cod && !cod.available
      ? (cod.reason ?? '')
      : pincode && !pincode.cod
        ? `Not available for ${pincode.pin}`
        : null;
  // Chosen, then refused (a dearer cart, another pincode): online again, the reason beside it.
  const method = codProblem === null ? chosen : 'online';
  // Paying in cash: the server's cash total, its handling fee a line of the breakup (never added here).
  const shown =
    quote && cod && method === 'cod'
      ? { ...quote, codFee: cod.fee, total: cod.total, taxIncluded: cod.taxIncluded }
      : quote;
  const { phase, problem, pay } = usePaymentFlow(
    lines,
    shown && !reapply ? { total: shown.total, coupon: current?.coupon } : null,
    revalidate,
    method,
  );
  const busy = phase !== 'idle';

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
            {`${account.firstname} ${account.lastname}`.trim()} (
            <span data-testid="checkout-email">{account.email}</span>)
          </p>
        </section>
        <h2 id="checkout-address-title" className="checkout-section-title">
          Shipping address
        </h2>
        <div className="checkout-problem" role="alert">
          {problem}
        </div>
        <AddressForm
          busy={busy || !quote || Boolean(reapply)}
          submitLabel={method === 'cod' && !busy ? 'Place order' : LABELS[phase]}
          onSubmit={pay}
          onPincode={setPincode}
          payment={
            <PaymentChoice
              method={method}
              codProblem={codProblem}
              codFee={cod && cod.fee > 0 ? formatRupees(cod.fee) : null}
              disabled={busy}
              onChange={choose}
            />
          }
        >
          {shown && (
            // The total at the button too: on a phone the summary is further down the page.
            <p className="checkout-pay-total">
              {method === 'cod' ? 'To pay on delivery' : 'Total to pay'}{' '}
              <strong>{formatRupees(shown.total)}</strong>
              {method === 'cod' && shown.codFee > 0 && (
                <span className="checkout-pay-note">
                  {' '}
                  (with the {formatRupees(shown.codFee)} handling fee)
                </span>
              )}
            </p>
          )}
          <Link href="/cart" className="checkout-back">
            ‹ Return to cart
          </Link>
        </AddressForm>
        {method === 'online' && (
          <p className="checkout-secure">
            Payments are processed securely by our payment gateway. We never see or store your card details.
          </p>
        )}
        <p className="checkout-secure">
          We share your name, address and mobile only with the courier delivering this order, and keep the tax
          invoice for 8 years as the law requires. See our <Link href="/privacy-policy">privacy notice</Link>.
        </p>
      </div>
      <OrderSummary lines={lines} quote={shown}>
        {couponOpen ? (
          <Suspense fallback={null}>
            <CouponField
              applied={current?.coupon}
              reapply={reapply}
              base={routeQuote}
              disabled={busy}
              onApplied={(applied) =>
                setPriced({ from: routeQuote, quote: applied, coupon: applied.coupon?.code })
              }
              onRemove={() => setPriced(null)}
            />
          </Suspense>
        ) : (
          <button type="button" className="coupon-open" disabled={busy} onClick={() => setCouponOpen(true)}>
            Have a coupon code?
          </button>
        )}
      </OrderSummary>
    </div>
  );
}
