import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { cancelMyOrder } from '../../../shared/api/orders';
import { type ApiMyOrder, cancelMyOrder as cancelSchemas } from '../../../shared/api/orders.schemas';
import { TextAreaField } from '../../components/forms/form-field';
import { api, isApiError } from '../../lib/api-client';
import { formatRupees } from '../../lib/money';
import { OrderDialog } from './order-dialog';
import { UNKNOWN_FAILURE } from './order-words';

/**
 * Asks the customer to confirm the cancellation and say why (the shared schema checks the reason
 * here as the server does), then cancels: the answer is the order as it is now.
 */
export function CancelOrderDialog({
  order,
  onDone,
  onClose,
}: {
  order: ApiMyOrder;
  onDone: (order: ApiMyOrder) => void;
  onClose: (failed: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    setError(null);
    const checked = z.safeParse(cancelSchemas.body, { reason });
    if (!checked.success) {
      // The message sits under the field, which takes the focus and so reads it out.
      setFieldError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      onDone(await api.call(cancelMyOrder, { params: { id: order._id }, body: checked.data }));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : UNKNOWN_FAILURE);
      if (isApiError(failure)) setFieldError(failure.fields?.reason);
      setBusy(false);
    }
  };

  return (
    <OrderDialog
      title={`Cancel order ${order.orderNumber}?`}
      description={
        <p>
          It has not shipped yet, so it can still be cancelled.{' '}
          {order.refundable > 0 ? (
            <>
              The full amount, <strong>{formatRupees(order.refundable)}</strong>, will be refunded to your
              original payment method: 5–7 working days, UPI usually sooner.
            </>
          ) : null}
        </p>
      }
      error={error}
      busy={busy}
      submitLabel="Cancel order"
      busyLabel="Cancelling…"
      keepLabel="Keep my order"
      danger
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <TextAreaField
        label="Why are you cancelling?"
        name="reason"
        rows={3}
        maxLength={500}
        required
        hint="A few words, e.g. “Ordered the wrong size”."
        ref={field}
        value={reason}
        error={fieldError}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(undefined);
        }}
      />
    </OrderDialog>
  );
}
