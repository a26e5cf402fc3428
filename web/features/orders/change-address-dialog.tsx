import { useState } from 'react';
import { changeMyOrderAddress } from '../../../shared/api/orders';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { TextField } from '../../components/forms/form-field';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { fieldErrorsUnder } from '../../lib/field-errors';
import { useApiText, useApiWords } from '../checkout/api-messages';
import { OrderDialog } from './order-dialog';
import { unknownFailure } from './order-words';

type Fields = 'firstName' | 'lastName' | 'address' | 'landmark' | 'city' | 'pincode' | 'mobile';

/**
 * Correcting the delivery address of an order not packed and not yet invoiced. The state
 * stays (it decided the tax), so it is shown, not asked; the server checks every field and the
 * pincode as checkout does, and its messages appear under the fields.
 */
export function ChangeAddressDialog({
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
  const current = order.shippingInfo;
  const [values, setValues] = useState<Record<Fields, string>>({
    firstName: current.firstName,
    lastName: current.lastName,
    address: current.address,
    landmark: current.landmark,
    city: current.city,
    pincode: current.pincode,
    mobile: current.mobile ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: Fields, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      error={said(errors[name])}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((before) => ({ ...before, [name]: value }));
      }}
      {...extra}
    />
  );

  const submit = async () => {
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const shippingInfo = {
        ...values,
        mobile: values.mobile || undefined,
        state: current.state,
        country: current.country || 'India',
      };
      onDone(await api.call(changeMyOrderAddress, { params: { id: order._id }, body: { shippingInfo } }));
    } catch (failure) {
      setBusy(false);
      if (!isApiError(failure)) {
        setError(unknownFailure(t));
        return;
      }
      const named = fieldErrorsUnder(failure.fields, 'shippingInfo') as Partial<Record<Fields, string>>;
      setErrors(named);
      // A field's own message is under it; the alert says where to look rather than repeat it.
      setError(Object.keys(named).length > 0 ? t('order-actions.change.correct') : failure.message);
    }
  };

  // The server's refusal in the page's words, where the catalogue has them.
  const shown = error ? apiText(error) : null;
  return (
    <OrderDialog
      title={t('order-actions.change.changeTitle')}
      description={
        <p>{t('order-actions.change.changeText', { number: order.orderNumber, state: current.state })}</p>
      }
      error={shown?.text ?? null}
      errorLang={shown?.lang}
      busy={busy}
      submitLabel={t('order-actions.change.save')}
      busyLabel={t('order-actions.change.saving')}
      keepLabel={t('order-actions.change.keep')}
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <div className="form-stack">
        <div className="form-row">
          {field('firstName', t('order-actions.change.firstName'), { autoComplete: 'given-name' })}
          {field('lastName', t('order-actions.change.lastName'), { autoComplete: 'family-name' })}
        </div>
        {field('address', t('order-actions.change.address'), { autoComplete: 'street-address' })}
        {field('landmark', t('order-actions.change.landmark'))}
        <div className="form-row">
          {field('city', t('order-actions.change.city'), { autoComplete: 'address-level2' })}
          {field('pincode', t('order-actions.change.pincode'), {
            autoComplete: 'postal-code',
            inputMode: 'numeric',
          })}
        </div>
        {field('mobile', t('order-actions.change.mobile'), {
          autoComplete: 'tel-national',
          inputMode: 'tel',
        })}
      </div>
    </OrderDialog>
  );
}
