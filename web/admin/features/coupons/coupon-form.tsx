import { createCoupon, updateCoupon } from '../../../../shared/api/coupons';
import {
  type ApiCoupon,
  type CouponBody,
  type CouponFormValues,
  couponBody,
  indiaToday,
} from '../../../../shared/api/coupons.schemas';
import { TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { useForm, zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { adminApi } from '../../lib/admin-api';
import '../../components/row-buttons.css';

/**
 * Creating a coupon, or editing the one chosen in the table (the form is remounted for each):
 * checked with the API's own schema; a name already taken shows under the name.
 */
export function CouponForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: ApiCoupon | null;
  onSaved: (coupon: ApiCoupon) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponBody>({
    resolver: zodResolver(couponBody),
    mode: 'onTouched',
    defaultValues: editing
      ? { name: editing.name, discount: String(editing.discount), expiry: editing.expiry.slice(0, 10) }
      : { name: '', discount: '', expiry: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = editing
        ? await adminApi.call(updateCoupon, { params: { id: editing._id }, body })
        : await adminApi.call(createCoupon, { body });
      toast.success(
        editing
          ? `Saved the coupon ${saved.name}.`
          : `Added the coupon ${saved.name}: ${saved.discount}% off.`,
        { autoClose: 4000 },
      );
      if (!editing) reset({ name: '', discount: '', expiry: '' });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        setError('name', { type: 'server', message: error.message });
      reportSubmitError(error, setError, ['name', 'discount', 'expiry']);
    }
  });

  return (
    <form className="coupon-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Code"
        hint="Shoppers type it at checkout; saved in capitals."
        autoComplete="off"
        spellCheck={false}
        maxLength={30}
        className="coupon-code-field"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Discount (%)"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        step={1}
        error={errors.discount?.message}
        {...register('discount')}
      />
      <TextField
        label="Last day it applies"
        type="date"
        min={editing ? undefined : indiaToday().toISOString().slice(0, 10)}
        hint="India time; it expires the day after."
        error={errors.expiry?.message}
        {...register('expiry')}
      />
      <div className="coupon-form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : editing ? 'Save coupon' : 'Add coupon'}
        </button>
        {editing && (
          <button type="button" className="button button--plain" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
