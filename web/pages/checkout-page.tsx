import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { ApiCheckoutQuote } from '../../shared/api/price-breakup.schemas';
import { useRevalidate, useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { AddressForm } from '../features/checkout/address-form';
import { useApiText } from '../features/checkout/api-messages';
import type { CheckoutData } from '../features/checkout/checkout-data';
import { OrderSummary } from '../features/checkout/order-summary';
import { PaymentChoice, type PaymentMethod } from '../features/checkout/payment-choice';
import { useLocatedQuote } from '../features/checkout/use-located-quote';
import { usePaymentFlow } from '../features/checkout/use-payment-flow';
import { Trans, type Translate, useT } from '../i18n/i18n';
import { formatRupees } from '../lib/money';
import '../features/checkout/checkout.css';
import './checkout-page.css';

const SHOP_NAME = 'Bharat Bazaar';
const label = (phase: 'idle' | 'starting' | 'paying' | 'placing', t: Translate) =>
  ({
    idle: t('checkout.pay.continue'),
    starting: t('checkout.pay.starting'),
    paying: t('checkout.pay.waiting'),
    placing: t('checkout.pay.placing'),
  })[phase];

function Breadcrumb() {
  const t = useT();
  return (
    <nav aria-label={t('checkout.steps.label')} className="checkout-steps">
      <ol>
        <li>
          <Link href="/cart">{t('checkout.steps.cart')}</Link>
        </li>
        <li aria-current="step">{t('checkout.steps.information')}</li>
        <li>{t('checkout.steps.shipping')}</li>
        <li>{t('checkout.steps.payment')}</li>
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
  const t = useT();
  const apiText = useApiText();
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
        ? t('checkout.cod.notForPincode', { pincode: pincode.pin })
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
  const shownProblem = problem ? apiText(problem) : null;

  if (lines.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>{t('checkout.empty.title')}</h1>
          <p>{t('checkout.empty.text')}</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              {t('checkout.empty.store')}
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
        <h1>{t('checkout.title')}</h1>
        <section className="checkout-contact" aria-labelledby="checkout-contact-title">
          <h2 id="checkout-contact-title">{t('checkout.contact')}</h2>
          <p>
            {`${account.firstname} ${account.lastname}`.trim()} (
            <span data-testid="checkout-email">{account.email}</span>)
          </p>
        </section>
        <h2 id="checkout-address-title" className="checkout-section-title">
          {t('checkout.address.title')}
        </h2>
        <div className="checkout-problem" role="alert" lang={shownProblem?.lang}>
          {shownProblem?.text}
        </div>
        <AddressForm
          busy={busy || !quote || Boolean(reapply)}
          submitLabel={method === 'cod' && !busy ? t('checkout.pay.placeOrder') : label(phase, t)}
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
              {method === 'cod' ? t('checkout.pay.onDelivery') : t('checkout.pay.total')}{' '}
              <strong>{formatRupees(shown.total)}</strong>
              {method === 'cod' && shown.codFee > 0 && (
                <span className="checkout-pay-note">
                  {' '}
                  {t('checkout.pay.withFee', { fee: formatRupees(shown.codFee) })}
                </span>
              )}
            </p>
          )}
          <Link href="/cart" className="checkout-back">
            {t('checkout.backToCart')}
          </Link>
        </AddressForm>
        {method === 'online' && <p className="checkout-secure">{t('checkout.secure')}</p>}
        <p className="checkout-secure">
          <Trans id="checkout.privacy" components={{ 0: <Link href="/privacy-policy" /> }} />
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
            {t('checkout.coupon.open')}
          </button>
        )}
      </OrderSummary>
    </div>
  );
}
