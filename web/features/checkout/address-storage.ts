import type { ShippingInfo } from '../../../shared/api/orders.schemas';

/**
 * The address as the shopper types it, kept in localStorage under 'address' (the original shop's
 * key) until a payment succeeds, so a reload or a failed payment never loses it.
 */
export type AddressFormValues = Omit<ShippingInfo, 'mobile'>;

export const ADDRESS_STORAGE_KEY = 'address';

export const emptyAddress: AddressFormValues = {
  firstName: '',
  lastName: '',
  address: '',
  landmark: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
};

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readSavedAddress(): AddressFormValues {
  try {
    const raw = storage()?.getItem(ADDRESS_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const values = { ...emptyAddress };
    for (const key of Object.keys(values) as (keyof AddressFormValues)[]) {
      const value = saved?.[key] ?? (key === 'landmark' ? saved?.other : undefined);
      if (typeof value === 'string') values[key] = value.slice(0, 200);
    }
    return values;
  } catch {
    return { ...emptyAddress };
  }
}

export function saveAddress(values: Partial<AddressFormValues>) {
  try {
    storage()?.setItem(ADDRESS_STORAGE_KEY, JSON.stringify({ ...emptyAddress, ...values }));
  } catch {
    // Storage full or blocked: the form still works, it just will not survive a reload.
  }
}

export function forgetAddress() {
  try {
    storage()?.removeItem(ADDRESS_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
