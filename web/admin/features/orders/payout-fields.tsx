import { useId } from 'react';
import type * as z from 'zod/mini';
import type { refundPayout } from '../../../../shared/api/order-actions.schemas';
import { TextField } from '../../../components/forms/form-field';

type Payout = NonNullable<z.output<typeof refundPayout>>;

/** What staff filled in so far: '' until a method is chosen. */
export type PayoutDraft = { method: '' | Payout['method']; reference: string };
export type PayoutErrors = { method?: string | undefined; reference?: string | undefined };

export const emptyPayout: PayoutDraft = { method: '', reference: '' };

/** The method inside a sentence ("recorded as paid by bank transfer"). */
export const payoutMethodInWords: Record<Payout['method'], string> = {
  bank_transfer: 'bank transfer',
  upi: 'UPI',
};

/**
 * The body's `payout` from what was filled in. Blanks are left out rather than sent empty, so the
 * API's own schema (checked here first, then on the server) says which is missing: "Choose bank
 * transfer or UPI", "The transfer reference is required".
 */
export function payoutBody(draft: PayoutDraft): { method?: string; reference?: string } {
  const reference = draft.reference.trim();
  return { ...(draft.method ? { method: draft.method } : {}), ...(reference ? { reference } : {}) };
}

/** Messages by the body's path (`reason`, `payout.reference`), the first per field, as the API keys a 400's. */
export function messagesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[] = []) {
  const found: Record<string, string> = {};
  for (const issue of issues) found[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return found;
}

/**
 * The payout's messages among a form's (or a 400's) by path. `payout` alone is the server saying a
 * COD refund needs one at all: shown at the method, where staff start filling it in.
 */
export function payoutErrors(messages: Readonly<Record<string, string>>): PayoutErrors {
  return {
    method: messages['payout.method'] ?? messages.payout,
    reference: messages['payout.reference'],
  };
}

/** Moves focus to the form's first field marked invalid, once the messages are on screen. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * How a cash-on-delivery refund reached the customer. No payment provider holds the
 * money, so staff pay it back themselves and record the method and the transfer's reference; the
 * refund is processed at once, with its credit note, and the customer is e-mailed the reference.
 */
export function PayoutFields({
  value,
  onChange,
  errors,
}: {
  value: PayoutDraft;
  onChange: (value: PayoutDraft) => void;
  errors: PayoutErrors;
}) {
  const name = useId();
  const methodErrorId = useId();
  const invalid = errors.method ? true : undefined;
  const choose = (method: Payout['method']) => onChange({ ...value, method });
  return (
    <div className="payout-fields">
      <p className="notice-inline">
        Pay the customer first, then record it here: cash-on-delivery orders cannot be refunded through the
        payment provider.
      </p>
      <fieldset className="choice-group" aria-describedby={errors.method ? methodErrorId : undefined}>
        <legend className="form-label">How you paid the customer back</legend>
        <label className="choice">
          <input
            type="radio"
            name={name}
            checked={value.method === 'bank_transfer'}
            aria-invalid={invalid}
            onChange={() => choose('bank_transfer')}
          />
          Bank transfer (NEFT/IMPS)
        </label>
        <label className="choice">
          <input
            type="radio"
            name={name}
            checked={value.method === 'upi'}
            aria-invalid={invalid}
            onChange={() => choose('upi')}
          />
          UPI
        </label>
        {errors.method && (
          <p className="form-error" id={methodErrorId}>
            {errors.method}
          </p>
        )}
      </fieldset>
      <TextField
        label="Transfer reference (UTR / UPI ref.)"
        hint={
          value.method === 'upi'
            ? 'The UPI reference number (12 digits) your payment app shows for the transfer.'
            : value.method === 'bank_transfer'
              ? "The UTR of the NEFT or IMPS transfer, from your bank's confirmation."
              : 'The UTR of the bank transfer, or the UPI reference number.'
        }
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        value={value.reference}
        error={errors.reference}
        onChange={(event) => onChange({ ...value, reference: event.target.value })}
      />
    </div>
  );
}
