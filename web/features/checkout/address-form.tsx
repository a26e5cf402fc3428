import { type ReactNode, useEffect, useRef, useState } from 'react';
import { INDIAN_STATES_AND_UTS, PINCODE_PATTERN } from '../../../shared/india';
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
 * A complete pincode is looked up as it is typed: it fills the city and state when they are empty
 * (or still hold what it filled before), shows the delivery day, and refuses a pincode the shop
 * does not serve or that lies in another state than the one chosen (the server refuses both too).
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
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, ShippingAddress>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const [delivery, setDelivery] = useState<{ problem?: string; note?: string }>({});
  // What the lookup wrote, so a later pincode may replace it but never what the shopper typed.
  const filled = useRef<{ city?: string; state?: string }>({});

  /** Looks the pincode up (the code loads on the first complete one); answers the problem, if any. */
  async function checkDelivery(): Promise<string | undefined> {
    const pin = getValues().pincode.trim();
    if (!PINCODE_PATTERN.test(pin)) return void setDelivery({});
    const { checkAddressPincode } = await import('../delivery/address-pincode');
    const answer = await checkAddressPincode(pin, getValues(), filled.current);
    if (getValues().pincode.trim() !== pin) return;
    if (!answer) return void setDelivery({});
    for (const field of ['state', 'city'] as const) {
      const value = answer[field];
      if (value) {
        setValue(field, value, { shouldValidate: true });
        filled.current[field] = value;
      }
    }
    saveAddress(getValues());
    setDelivery(answer);
    return answer.problem;
  }

  // A saved address is checked (and its delivery day shown) once the page is interactive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    void checkDelivery();
  }, []);

  return (
    <form
      className="form-stack checkout-form"
      noValidate
      aria-labelledby="checkout-address-title"
      onSubmit={handleSubmit(async (address) => {
        if (await checkDelivery()) return setFocus('pincode');
        await onSubmit(address);
      })}
      // Every keystroke and choice is kept, so a reload or a failed payment loses nothing.
      onInput={() => saveAddress(getValues())}
      onChange={(event) => {
        saveAddress(getValues());
        const { name } = event.target as unknown as HTMLInputElement;
        if (name === 'pincode' || name === 'state') void checkDelivery();
      }}
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
            error={errors.pincode?.message ?? delivery.problem}
            {...register('pincode')}
          />
        </div>
        {/* The answer, read out as it changes; a problem shows under the pincode too. */}
        <p className="checkout-delivery" role="status">
          {delivery.note}
          {delivery.problem && <span className="visually-hidden">{delivery.problem}</span>}
        </p>
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
