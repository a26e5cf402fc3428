import { type ShippingAddress, shippingAddressSchema } from '../../../shared/schemas/address';
import { type Resolver, zodResolver } from '../../lib/form';
import type { AddressFormValues } from './address-storage';

/**
 * The address form's rules: the shared schema the server checks the address with (and most of
 * zod with it), loaded when the shopper first reaches the form (address-form.tsx).
 */
// The shared schema takes loose input (old clients' spellings); the form's values are plain strings.
export const addressRules = zodResolver(shippingAddressSchema) as unknown as Resolver<
  AddressFormValues,
  ShippingAddress
>;
