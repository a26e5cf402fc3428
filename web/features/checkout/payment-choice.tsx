import { useT } from '../../i18n/i18n';
import { useApiText } from './api-messages';

export type PaymentMethod = 'online' | 'cod';

/**
 * How the shopper pays: online (Razorpay's sheet) or cash on delivery. Cash on delivery is offered
 * unless `codProblem` says why not (over the shop's limit, or a pincode whose couriers take no
 * cash); then it is disabled with that reason in its label, so it is read out with the option. A
 * handling fee for cash is in the option's name, so it is heard and seen before it is chosen.
 * Kept small: it is in the checkout's first load, which is close to the budget (decision 006).
 */
export function PaymentChoice({
  method,
  codProblem,
  codFee,
  disabled,
  onChange,
}: {
  method: PaymentMethod;
  codProblem: string | null;
  /** The shop's handling fee for paying in cash (rupees, from the quote): said before choosing. */
  codFee: string | null;
  disabled: boolean;
  onChange: (method: PaymentMethod) => void;
}) {
  const t = useT();
  // A refusal is the server's words (the quote's) or the page's.
  const apiText = useApiText();
  const problem = codProblem === null ? null : apiText(codProblem);
  const option = (value: PaymentMethod, title: string, note: string, off = false, lang?: string) => (
    <label className="payment-option">
      <input
        type="radio"
        name="payment"
        value={value}
        checked={method === value}
        disabled={off}
        onChange={() => onChange(value)}
      />
      <span>
        <strong>{title}</strong>{' '}
        <span className="payment-option-note" lang={lang}>
          {note}
        </span>
      </span>
    </label>
  );
  return (
    <fieldset className="payment-choice" disabled={disabled}>
      <legend>
        <h2 className="checkout-section-title">{t('checkout.payment.title')}</h2>
      </legend>
      {option('online', t('checkout.payment.online'), t('checkout.payment.onlineNote'))}
      {option(
        'cod',
        codFee && problem === null
          ? t('checkout.payment.codWithFee', { fee: codFee })
          : t('checkout.payment.cod'),
        problem?.text ?? (codFee ? t('checkout.payment.codFeeNote') : t('checkout.payment.codNote')),
        problem !== null,
        problem?.lang,
      )}
    </fieldset>
  );
}
