import { type FormEvent, useId } from 'react';
import { TruckIcon } from '../../components/ui/icons';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import './delivery.css';
import { DELIVERY_CHECK_ID } from './pincode-lookup';

/** The answer's words in the page's language; an API's English message is shown as its errors say. */
export type PincodeAnswer = { tone: 'yes' | 'no' | 'wait'; text: string; detail?: string; terms?: string };

/**
 * "Deliver to [pincode] Check" and its answer, as the product page and the cart show it. The
 * answer is a live region, read out when it changes.
 */
export function PincodeCheckForm(props: {
  pin: string;
  onPinChange: (pin: string) => void;
  onCheck: (pin: string) => void;
  answer: PincodeAnswer | null;
}) {
  const inputId = useId();
  const t = useT();
  const errorText = useErrorText();
  const { pin, answer } = props;
  // A refusal may be the API's message (too many checks), which is English.
  const text = answer ? errorText(answer.text) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onCheck(pin);
  };
  return (
    // Sent before the page runs its code, the form comes back as ?pincode= (rememberedPincode).
    <form
      id={DELIVERY_CHECK_ID}
      className="delivery-check"
      action={`#${DELIVERY_CHECK_ID}`}
      onSubmit={submit}
      noValidate
    >
      <label className="delivery-check-label" htmlFor={inputId}>
        <TruckIcon size={20} /> {t('delivery.check.label')}
        <span className="visually-hidden"> {t('delivery.check.labelHidden')}</span>
      </label>
      <div className="delivery-check-row">
        <input
          id={inputId}
          name="pincode"
          className="delivery-check-input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t('delivery.check.placeholder')}
          value={pin}
          onChange={(event) => props.onPinChange(event.target.value.replace(/\D/g, ''))}
          aria-describedby={`${inputId}-answer`}
        />
        <button type="submit" className="button button--ghost delivery-check-button">
          {t('delivery.check.button')}
        </button>
      </div>
      <p id={`${inputId}-answer`} className="delivery-check-answer" role="status" aria-live="polite">
        {answer && text && (
          <>
            <span className={`delivery-check-${answer.tone}`} lang={text.lang}>
              {text.text}
            </span>
            {answer.detail && <span className="delivery-check-detail"> {answer.detail}</span>}
            {answer.terms && <span className="delivery-check-terms">{answer.terms}</span>}
          </>
        )}
      </p>
    </form>
  );
}
