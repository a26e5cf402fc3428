import { type ReactNode, useEffect, useRef, useState } from 'react';
import { INDIAN_STATES_AND_UTS, PINCODE_PATTERN } from '../../../shared/india';
import type { ShippingAddress } from '../../../shared/schemas/address';
import { SelectField, TextField } from '../../components/forms/form-field';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { type Resolver, type UseFormSetError, useForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { type AddressFormValues, emptyAddress, readSavedAddress, saveAddress } from './address-storage';
import { useApiWords } from './api-messages';

const states = INDIAN_STATES_AND_UTS.filter((r) => r.kind === 'state').map((r) => r.name);
const territories = INDIAN_STATES_AND_UTS.filter((r) => r.kind === 'union-territory').map((r) => r.name);

/** A state's or union territory's name in the page's language; its value stays the official one. */
export const regionKey = (name: string) => `checkout.region.${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;

const regionOptions = (names: string[], t: Translate) =>
  names.map((name) => (
    <option key={name} value={name}>
      {t(regionKey(name))}
    </option>
  ));

/*
 * The rules (address-rules.ts: the shared schema, and with it most of zod, about 5 KB) load when
 * the shopper first focuses the form, not with the page, whose first load is close to the budget
 * (docs/decisions/006-first-load-budget.md). Until they have arrived nothing is judged: a field
 * left before then is checked once they come, and sending waits for them.
 */
type Rules = Resolver<AddressFormValues, ShippingAddress>;
let rules: Rules | undefined;
let loadingRules: Promise<Rules> | undefined;
function loadRules(): Promise<Rules> {
  loadingRules ??= import('./address-rules').then(
    (loaded) => (rules = loaded.addressRules),
    (error: unknown) => {
      loadingRules = undefined;
      throw error;
    },
  );
  return loadingRules;
}
const resolver: Rules = (values) => rules?.(values) ?? { values: {}, errors: {} };

/** What a refusal naming address fields needs of the form: their messages, and the focus. */
export type AddressFormControl = {
  setError: UseFormSetError<AddressFormValues>;
  /** Focuses the field once the form is enabled again (it is disabled while an order is placed). */
  focus: (name: keyof AddressFormValues) => void;
};

type AddressFormApi = ReturnType<typeof useForm<AddressFormValues, unknown, ShippingAddress>>;

/** The address's fields, with their messages and what the pincode's lookup answered. */
function AddressFields({
  register,
  errors,
  delivery,
}: {
  register: AddressFormApi['register'];
  errors: AddressFormApi['formState']['errors'];
  delivery: { problem?: string; note?: string };
}) {
  const t = useT();
  // The rules' messages are English (the server's too): the page's words, where it has them.
  const said = useApiWords();
  return (
    <>
      <SelectField
        label={t('checkout.address.country')}
        autoComplete="country-name"
        error={said(errors.country?.message)}
        {...register('country')}
      >
        <option value="">{t('checkout.address.chooseCountry')}</option>
        <option value="India">{t('checkout.address.india')}</option>
      </SelectField>
      <div className="form-row">
        <TextField
          label={t('checkout.address.firstName')}
          autoComplete="given-name"
          error={said(errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextField
          label={t('checkout.address.lastName')}
          autoComplete="family-name"
          error={said(errors.lastName?.message)}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('checkout.address.address')}
        autoComplete="street-address"
        hint={t('checkout.address.addressHint')}
        error={said(errors.address?.message)}
        {...register('address')}
      />
      <TextField
        label={t('checkout.address.landmark')}
        hint={t('checkout.address.landmarkHint')}
        error={said(errors.landmark?.message)}
        {...register('landmark')}
      />
      <div className="form-row checkout-row-3">
        <TextField
          label={t('checkout.address.city')}
          autoComplete="address-level2"
          error={said(errors.city?.message)}
          {...register('city')}
        />
        <SelectField
          label={t('checkout.address.state')}
          autoComplete="address-level1"
          error={said(errors.state?.message)}
          {...register('state')}
        >
          <option value="">{t('checkout.address.chooseState')}</option>
          <optgroup label={t('checkout.address.states')}>{regionOptions(states, t)}</optgroup>
          <optgroup label={t('checkout.address.territories')}>{regionOptions(territories, t)}</optgroup>
        </SelectField>
        <TextField
          label={t('checkout.address.pincode')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={6}
          error={said(errors.pincode?.message) ?? delivery.problem}
          {...register('pincode')}
        />
      </div>
      {/* The answer, read out as it changes; a problem shows under the pincode too. */}
      <p className="checkout-delivery" role="status">
        {delivery.note}
        {delivery.problem && <span className="visually-hidden">{delivery.problem}</span>}
      </p>
    </>
  );
}

/**
 * The delivery address: the shared schema's messages under each field once touched,
 * every Indian state and union territory, and the values saved as typed so a reload keeps them.
 * A complete pincode is looked up as it is typed: it fills the city and state when they are empty
 * (or still hold what it filled before), shows the delivery day, and refuses a pincode the shop
 * does not serve or that lies in another state than the one chosen (the server refuses both too).
 * Whether couriers take cash there goes to `onPincode` (the page's cash-on-delivery choice).
 */
export function AddressForm({
  busy,
  submitLabel,
  onSubmit,
  onPincode,
  payment,
  children,
}: {
  busy: boolean;
  submitLabel: string;
  /** With the form, to show a refusal's messages under the fields it names. */
  onSubmit: (address: ShippingAddress, form: AddressFormControl) => void | Promise<void>;
  /** The pincode looked up, whether the shop delivers there and takes cash; null: none, or not known. */
  onPincode?: (answer: { pin: string; cod: boolean; serviceable: boolean } | null) => void;
  /** The payment choice, between the address and the submit button. */
  payment?: ReactNode;
  /** Shown beside the submit button (the 'Return to cart' link). */
  children?: ReactNode;
}) {
  const [initial] = useState(readSavedAddress);
  // The page's words; the pincode check's are the `delivery` area's, loaded by the checkout's route.
  const t = useT();
  const locale = useLocale();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    setError,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, ShippingAddress>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const [delivery, setDelivery] = useState<{ problem?: string; note?: string }>({});
  // Fields left before the rules arrived, checked once they have.
  const unchecked = useRef(new Set<keyof AddressFormValues>());
  const prepare = () =>
    loadRules().then(() => {
      for (const name of unchecked.current) setValue(name, getValues()[name], { shouldValidate: true });
      unchecked.current.clear();
    });
  const focusLater = useRef<keyof AddressFormValues>(undefined);
  const submit = handleSubmit(async (address) => {
    if (await checkDelivery()) return setFocus('pincode');
    await onSubmit(address, {
      setError,
      focus: (name) => {
        focusLater.current = name;
      },
    });
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the form is enabled again.
  useEffect(() => {
    if (busy || !focusLater.current) return;
    setFocus(focusLater.current);
    focusLater.current = undefined;
  }, [busy]);
  // What the lookup wrote, so a later pincode may replace it but never what the shopper typed.
  const filled = useRef<{ city?: string; state?: string }>({});

  // Which check is the latest: a pincode typed and then a state chosen start two, and the first
  // may answer last; it must not put back the state the shopper has just changed.
  const latestCheck = useRef(0);

  /** Looks the pincode up (the code loads on the first complete one); answers the problem, if any. */
  async function checkDelivery(): Promise<string | undefined> {
    const check = ++latestCheck.current;
    const pin = getValues().pincode.trim();
    if (!PINCODE_PATTERN.test(pin)) {
      onPincode?.(null);
      return void setDelivery({});
    }
    const { checkAddressPincode } = await import('../delivery/address-pincode');
    const answer = await checkAddressPincode(pin, getValues(), filled.current, { t, locale });
    if (check !== latestCheck.current) return;
    onPincode?.(answer && { pin, cod: answer.cod, serviceable: answer.serviceable });
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
      onFocus={() => void prepare().catch(() => {})}
      onBlur={(event) => {
        const { name } = event.target as unknown as HTMLInputElement;
        if (!rules && name in emptyAddress) unchecked.current.add(name as keyof AddressFormValues);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        prepare().then(
          () => submit(),
          () => toast.error(t('checkout.notLoaded'), { autoClose: 6000 }),
        );
      }}
      // Every keystroke and choice is kept, so a reload or a failed payment loses nothing, and the
      // pincode is looked up as it is typed: the input event, which both typing and a select's
      // choice fire.
      onInput={(event) => {
        saveAddress(getValues());
        const { name } = event.target as unknown as HTMLInputElement;
        if (name === 'pincode' || name === 'state') void checkDelivery();
      }}
    >
      <fieldset className="checkout-fieldset" disabled={busy}>
        <legend className="visually-hidden">{t('checkout.address.title')}</legend>
        <AddressFields register={register} errors={errors} delivery={delivery} />
      </fieldset>
      {payment}
      <div className="checkout-actions">
        {children}
        <button type="submit" className="button button--primary checkout-pay" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
