import { type ReactNode, useState } from 'react';
import { INDIAN_STATES_AND_UTS } from '../../../shared/india';
import { type ShippingAddress, shippingAddressSchema } from '../../../shared/schemas/address';
import { SelectField, TextField } from '../../components/forms/form-field';
import { type Resolver, useForm, zodResolver } from '../../lib/form';
import { type AddressFormValues, readSavedAddress, saveAddress } from './address-storage';

const states = INDIAN_STATES_AND_UTS.filter((r) => r.kind === 'state').map((r) => r.name);
const territories = INDIAN_STATES_AND_UTS.filter((r) => r.kind === 'union-territory').map((r) => r.name);

// The shared schema takes loose input (old clients' spellings); the form's values are plain strings.
const resolver = zodResolver(shippingAddressSchema) as unknown as Resolver<
  AddressFormValues,
  ShippingAddress
>;

/**
 * The delivery address: the shared schema's messages under each field once touched,
 * every Indian state and union territory, and the values saved as typed so a reload keeps them.
 */
export function AddressForm({
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  busy: boolean;
  submitLabel: string;
  onSubmit: (address: ShippingAddress) => void | Promise<void>;
  /** Shown beside the submit button (the 'Return to cart' link). */
  children?: ReactNode;
}) {
  const [initial] = useState(readSavedAddress);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, ShippingAddress>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });

  return (
    <form
      className="form-stack checkout-form"
      noValidate
      aria-labelledby="checkout-address-title"
      onSubmit={handleSubmit((address) => onSubmit(address))}
      // Every keystroke and choice is kept, so a reload or a failed payment loses nothing.
      onInput={() => saveAddress(getValues())}
      onChange={() => saveAddress(getValues())}
    >
      <fieldset className="checkout-fieldset" disabled={busy}>
        <legend className="visually-hidden">Shipping address</legend>
        <SelectField
          label="Country"
          autoComplete="country-name"
          error={errors.country?.message}
          {...register('country')}
        >
          <option value="">Select country</option>
          <option value="India">India</option>
        </SelectField>
        <div className="form-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Address"
          autoComplete="street-address"
          hint="House number, street and area"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Landmark"
          hint="Apartment, suite or a place nearby"
          error={errors.landmark?.message}
          {...register('landmark')}
        />
        <div className="form-row checkout-row-3">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
          <SelectField
            label="State"
            autoComplete="address-level1"
            error={errors.state?.message}
            {...register('state')}
          >
            <option value="">Select state</option>
            <optgroup label="States">
              {states.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Union territories">
              {territories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          </SelectField>
          <TextField
            label="Pincode"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            error={errors.pincode?.message}
            {...register('pincode')}
          />
        </div>
      </fieldset>
      <div className="checkout-actions">
        {children}
        <button type="submit" className="button button--primary checkout-pay" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
