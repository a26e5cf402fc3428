import { type FormEvent, useId } from 'react';
import { TruckIcon } from '../../components/ui/icons';
import './delivery.css';

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
  const { pin, answer } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onCheck(pin);
  };
  return (
    <form className="delivery-check" onSubmit={submit} noValidate>
      <label className="delivery-check-label" htmlFor={inputId}>
        <TruckIcon size={20} /> Deliver to<span className="visually-hidden"> pincode</span>
      </label>
      <div className="delivery-check-row">
        <input
          id={inputId}
          className="delivery-check-input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Pincode"
          value={pin}
          onChange={(event) => props.onPinChange(event.target.value.replace(/\D/g, ''))}
          aria-describedby={`${inputId}-answer`}
        />
        <button type="submit" className="button button--ghost delivery-check-button">
          Check
        </button>
      </div>
      <p id={`${inputId}-answer`} className="delivery-check-answer" role="status" aria-live="polite">
        {answer && (
          <>
            <span className={`delivery-check-${answer.tone}`}>{answer.text}</span>
            {answer.detail && <span className="delivery-check-detail"> {answer.detail}</span>}
            {answer.terms && <span className="delivery-check-terms">{answer.terms}</span>}
          </>
        )}
      </p>
    </form>
  );
}
