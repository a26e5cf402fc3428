import { useState } from 'react';
import { createCoupon, updateCoupon } from '../../../../shared/api/coupons';
import {
  type ApiCoupon,
  type CouponBody,
  type CouponFormValues,
  couponBody,
  indiaToday,
} from '../../../../shared/api/coupons.schemas';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { type Resolver, useForm, zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { adminApi } from '../../lib/admin-api';
import type { CatalogueNames } from '../products/use-catalogue-names';
import '../../components/row-buttons.css';

/** The form's text boxes: every number as typed, blank meaning "none". */
type FormValues = {
  name: string;
  kind: 'percent' | 'flat';
  discount: string;
  flatAmount: string;
  maxDiscount: string;
  minOrder: string;
  startsAt: string;
  expiry: string;
  usageLimit: string;
  perCustomerLimit: string;
};

const FIELDS = [
  'name',
  'kind',
  'discount',
  'flatAmount',
  'maxDiscount',
  'minOrder',
  'startsAt',
  'expiry',
  'usageLimit',
  'perCustomerLimit',
  'categoryIds',
  'brandIds',
] as const;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function valuesOf(coupon: ApiCoupon | null): FormValues {
  return {
    name: coupon?.name ?? '',
    kind: coupon?.kind ?? 'percent',
    discount: coupon && coupon.kind === 'percent' ? String(coupon.discount) : '',
    flatAmount: text(coupon?.flatAmount),
    maxDiscount: text(coupon?.maxDiscount),
    minOrder: text(coupon?.minOrder),
    startsAt: coupon?.startsAt?.slice(0, 10) ?? '',
    expiry: coupon?.expiry.slice(0, 10) ?? '',
    usageLimit: text(coupon?.usageLimit),
    perCustomerLimit: text(coupon?.perCustomerLimit),
  };
}

/**
 * The API's own schema, on what applies to the kind chosen: a percentage coupon has a percentage
 * and maybe a cap, a flat one an amount (the hidden boxes are not sent).
 */
function bodyOf(values: FormValues): CouponFormValues {
  const { discount, flatAmount, maxDiscount, ...rest } = values;
  return values.kind === 'flat' ? { ...rest, flatAmount } : { ...rest, discount, maxDiscount };
}
const check = zodResolver(couponBody);
const resolver: Resolver<FormValues, CouponBody> = (values) =>
  check(bodyOf(values)) as ReturnType<Resolver<FormValues, CouponBody>>;

/** Ticks for the categories or brands a coupon is limited to (none ticked: all of them). */
function Restriction({
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  options: { _id: string; title: string }[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="coupon-restriction">
      <legend>
        {legend}{' '}
        <span className="coupon-restriction-count">{chosen.length ? `${chosen.length} chosen` : 'all'}</span>
      </legend>
      <div className="coupon-restriction-options">
        {options.map((option) => (
          <label key={option._id}>
            <input
              type="checkbox"
              checked={chosen.includes(option._id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, option._id] : chosen.filter((id) => id !== option._id),
                )
              }
            />{' '}
            {option.title}
          </label>
        ))}
      </div>
      {error && <p className="form-error">{error}</p>}
    </fieldset>
  );
}

/** The form's state and its save: the coupon's fields, its restrictions, and the server's answer. */
function useCouponForm(editing: ApiCoupon | null, onSaved: (coupon: ApiCoupon) => void) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, CouponBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(editing),
  });
  const [categoryIds, setCategoryIds] = useState<string[]>(editing?.categoryIds ?? []);
  const [brandIds, setBrandIds] = useState<string[]>(editing?.brandIds ?? []);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const flat = watch('kind') === 'flat';

  const onSubmit = handleSubmit(async (checked) => {
    const body = { ...checked, categoryIds, brandIds };
    setBusy(true);
    setServerErrors({});
    try {
      const saved = editing
        ? await adminApi.call(updateCoupon, { params: { id: editing._id }, body })
        : await adminApi.call(createCoupon, { body });
      const off = saved.kind === 'flat' ? `₹${saved.flatAmount} off` : `${saved.discount}% off`;
      toast.success(editing ? `Saved the coupon ${saved.name}.` : `Added the coupon ${saved.name}: ${off}.`, {
        autoClose: 4000,
      });
      if (!editing) {
        reset(valuesOf(null));
        setCategoryIds([]);
        setBrandIds([]);
      }
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        setError('name', { type: 'server', message: error.message });
      if (isApiError(error) && error.fields) setServerErrors(error.fields);
      reportSubmitError(error, setError, FIELDS);
    } finally {
      setBusy(false);
    }
  });
  return {
    register,
    errors,
    onSubmit,
    categoryIds,
    setCategoryIds,
    brandIds,
    setBrandIds,
    serverErrors,
    busy,
    flat,
  };
}

/** Which categories and brands the coupon is limited to, folded away while it applies to all. */
function Restrictions({
  names,
  categoryIds,
  onCategoryIdsChange,
  brandIds,
  onBrandIdsChange,
  serverErrors,
}: {
  names: Pick<CatalogueNames, 'categories' | 'brands'>;
  categoryIds: string[];
  onCategoryIdsChange: (ids: string[]) => void;
  brandIds: string[];
  onBrandIdsChange: (ids: string[]) => void;
  serverErrors: Record<string, string>;
}) {
  return (
    <details className="coupon-restrictions" open={categoryIds.length + brandIds.length > 0}>
      <summary>Only for some categories or brands</summary>
      <p className="form-hint">
        Tick none to discount everything. With both ticked, an item must be of a chosen category and a chosen
        brand.
      </p>
      <div className="coupon-restrictions-lists">
        <Restriction
          legend="Categories"
          options={names.categories}
          chosen={categoryIds}
          onChange={onCategoryIdsChange}
          error={serverErrors.categoryIds}
        />
        <Restriction
          legend="Brands"
          options={names.brands}
          chosen={brandIds}
          onChange={onBrandIdsChange}
          error={serverErrors.brandIds}
        />
      </div>
    </details>
  );
}

/**
 * Creating a coupon, or editing the one chosen in the table (the form is remounted for each):
 * percentage (with an optional cap) or a flat amount, a minimum order, the days it applies, how
 * many times in all and per customer, and optionally only some categories and brands. Checked with
 * the API's own schema; the server's messages show under their fields.
 */
export function CouponForm({
  editing,
  names,
  onSaved,
  onCancel,
}: {
  editing: ApiCoupon | null;
  /** The categories and brands to restrict to; the restriction is hidden until they load. */
  names: Pick<CatalogueNames, 'categories' | 'brands'> | null;
  onSaved: (coupon: ApiCoupon) => void;
  onCancel: () => void;
}) {
  const {
    register,
    errors,
    onSubmit,
    categoryIds,
    setCategoryIds,
    brandIds,
    setBrandIds,
    serverErrors,
    busy,
    flat,
  } = useCouponForm(editing, onSaved);

  return (
    <form className="coupon-form" noValidate onSubmit={onSubmit}>
      <div className="coupon-form-grid">
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
        <SelectField label="Kind" error={errors.kind?.message} {...register('kind')}>
          <option value="percent">Percentage off</option>
          <option value="flat">Amount off (₹)</option>
        </SelectField>
        {flat ? (
          <TextField
            key="flat"
            label="Amount off (₹)"
            inputMode="decimal"
            hint="Taken off the eligible items, never more than they cost."
            error={errors.flatAmount?.message}
            {...register('flatAmount')}
          />
        ) : (
          <>
            <TextField
              key="percent"
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
              label="Maximum discount (₹)"
              inputMode="decimal"
              hint="Optional cap on what the percentage takes off."
              error={errors.maxDiscount?.message}
              {...register('maxDiscount')}
            />
          </>
        )}
        <TextField
          label="Minimum order (₹)"
          inputMode="decimal"
          hint="Optional: the eligible items must come to this."
          error={errors.minOrder?.message}
          {...register('minOrder')}
        />
        <TextField
          label="First day it applies"
          type="date"
          hint="Optional; India time."
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField
          label="Last day it applies"
          type="date"
          min={editing ? undefined : indiaToday().toISOString().slice(0, 10)}
          hint="India time; it expires the day after."
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <TextField
          label="Total uses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Optional: orders in all, counting checkouts being paid."
          error={errors.usageLimit?.message}
          {...register('usageLimit')}
        />
        <TextField
          label="Uses per customer"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Optional, e.g. 1 for a welcome coupon."
          error={errors.perCustomerLimit?.message}
          {...register('perCustomerLimit')}
        />
      </div>
      {names && (
        <Restrictions
          names={names}
          categoryIds={categoryIds}
          onCategoryIdsChange={setCategoryIds}
          brandIds={brandIds}
          onBrandIdsChange={setBrandIds}
          serverErrors={serverErrors}
        />
      )}
      <div className="coupon-form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Save coupon' : 'Add coupon'}
        </button>
        {editing && (
          <button type="button" className="button button--plain" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
