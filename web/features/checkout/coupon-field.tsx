import { useEffect, useId, useState } from 'react';
import { quoteCheckout } from '../../../shared/api/checkout';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas';
import { Trans, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { useApiText } from './api-messages';

/**
 * The checkout's coupon box: type a code and apply it (the server prices the cart with it, or says
 * why it cannot be used), or remove the one applied. Loaded when the shopper asks for it.
 */
export default function CouponField({
  applied,
  reapply,
  base,
  onApplied,
  onRemove,
  disabled,
}: {
  applied: string | undefined;
  /** A coupon applied to the cart as it was before `base` loaded: applied again to the new one. */
  reapply: string | undefined;
  /** The route's quote of the cart now (without a coupon). */
  base: ApiCheckoutQuote | null;
  /** The server's total and breakup with the coupon. */
  onApplied: (quote: ApiCheckoutQuote) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const t = useT();
  const apiText = useApiText();
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Prices the cart with `typed`: the quote goes to the page, a refusal under the field. */
  async function apply(typed: string) {
    setBusy(true);
    try {
      onApplied(await api.call(quoteCheckout, { body: { coupon: typed } }));
      setProblem(null);
    } catch (error) {
      setCode(typed);
      onRemove();
      setProblem(isApiError(error) ? error.message : t('checkout.coupon.failed'));
    } finally {
      setBusy(false);
    }
  }

  // The cart changed under an applied coupon: the page shows the new cart's total without it
  // until the server has priced the new cart with it (or said why it no longer applies).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new cart.
  useEffect(() => {
    if (reapply) void apply(reapply);
  }, [reapply, base]);

  const shown = problem ? apiText(problem) : null;
  if (applied) {
    return (
      <div className="coupon-field coupon-field--applied" data-testid="coupon-applied">
        <p>
          <Trans
            id="checkout.coupon.applied"
            values={{ code: applied }}
            components={{ 0: <span className="price-breakup-code" /> }}
          />
        </p>
        <button type="button" className="coupon-field-remove" onClick={onRemove} disabled={disabled}>
          {t('checkout.coupon.remove')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="coupon-field"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const typed = code.trim();
        if (!typed) return setProblem(t('checkout.coupon.empty'));
        await apply(typed);
      }}
    >
      <label htmlFor={`${id}-code`}>{t('checkout.coupon.label')}</label>
      <div className="coupon-field-row">
        <input
          id={`${id}-code`}
          className="form-input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          // biome-ignore lint/a11y/noAutofocus: it appears because the shopper asked for it.
          autoFocus={!applied}
          spellCheck={false}
          maxLength={30}
          value={code}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button button--ghost" disabled={busy || disabled}>
          {busy ? t('checkout.coupon.applying') : t('checkout.coupon.apply')}
        </button>
      </div>
      {shown && (
        <p id={`${id}-problem`} className="coupon-field-problem" role="alert" lang={shown.lang}>
          {shown.text}
        </p>
      )}
    </form>
  );
}
