import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { cancelMyOrder } from '../../../shared/api/orders';
import { type ApiMyOrder, cancelMyOrder as cancelSchemas } from '../../../shared/api/orders.schemas';
import { TextAreaField } from '../../components/forms/form-field';
import { Trans, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { formatRupees } from '../../lib/money';
import { useApiText, useApiWords } from '../checkout/api-messages';
import { OrderDialog } from './order-dialog';
import { unknownFailure } from './order-words';

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
  const t = useT();
  const said = useApiWords();
  const apiText = useApiText();
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
      setError(isApiError(failure) ? failure.message : unknownFailure(t));
      if (isApiError(failure)) setFieldError(failure.fields?.reason);
      setBusy(false);
    }
  };

  // The server's refusal in the page's words, where the catalogue has them.
  const shown = error ? apiText(error) : null;
  return (
    <OrderDialog
      title={t('order-actions.cancel.title', { number: order.orderNumber })}
      description={
        <p>
          {t('order-actions.cancel.text')}{' '}
          {order.refundable > 0 ? (
            <Trans
              id="order-actions.cancel.refund"
              values={{ amount: formatRupees(order.refundable) }}
              components={{ 0: <strong /> }}
            />
          ) : null}
        </p>
      }
      error={shown?.text ?? null}
      errorLang={shown?.lang}
      busy={busy}
      submitLabel={t('order-actions.cancel.submit')}
      busyLabel={t('order-actions.cancel.busy')}
      keepLabel={t('order-actions.cancel.keep')}
      danger
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <TextAreaField
        label={t('order-actions.cancel.reason')}
        name="reason"
        rows={3}
        maxLength={500}
        required
        hint={t('order-actions.cancel.hint')}
        ref={field}
        value={reason}
        error={said(fieldError)}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(undefined);
        }}
      />
    </OrderDialog>
  );
}
