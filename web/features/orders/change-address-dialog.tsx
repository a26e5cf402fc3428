import { useState } from 'react';
import { changeMyOrderAddress } from '../../../shared/api/orders';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { TextField } from '../../components/forms/form-field';
import { api, isApiError } from '../../lib/api-client';
import { fieldErrorsUnder } from '../../lib/field-errors';
import { OrderDialog } from './order-dialog';
import { UNKNOWN_FAILURE } from './order-words';

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
      error={errors[name]}
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
        setError(UNKNOWN_FAILURE);
        return;
      }
      const named = fieldErrorsUnder(failure.fields, 'shippingInfo') as Partial<Record<Fields, string>>;
      setErrors(named);
      // A field's own message is under it; the alert says where to look rather than repeat it.
      setError(
        Object.keys(named).length > 0 ? 'Please correct the address where it is marked.' : failure.message,
      );
    }
  };

  return (
    <OrderDialog
      title="Change the delivery address"
      description={
        <p>
          We have not packed order {order.orderNumber} yet, so you can correct where it goes, within{' '}
          {current.state}.
        </p>
      }
      error={error}
      busy={busy}
      submitLabel="Save the address"
      busyLabel="Saving…"
      keepLabel="Keep it as it is"
      onSubmit={() => void submit()}
      onClose={() => onClose(error !== null)}
    >
      <div className="form-stack">
        <div className="form-row">
          {field('firstName', 'First name', { autoComplete: 'given-name' })}
          {field('lastName', 'Last name', { autoComplete: 'family-name' })}
        </div>
        {field('address', 'Address', { autoComplete: 'street-address' })}
        {field('landmark', 'Landmark')}
        <div className="form-row">
          {field('city', 'City', { autoComplete: 'address-level2' })}
          {field('pincode', 'PIN code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </div>
        {field('mobile', 'Mobile number for the courier', { autoComplete: 'tel-national', inputMode: 'tel' })}
      </div>
    </OrderDialog>
  );
}
