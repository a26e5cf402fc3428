import { describe, expect, it } from 'vitest';
import { shippingAddressSchema } from './address.js';

const valid = {
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
  mobile: '+91 98765 43210',
};

const errors = (input: unknown) => {
  const result = shippingAddressSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('shipping address', () => {
  it('accepts a valid address and normalises the mobile', () => {
    expect(shippingAddressSchema.parse(valid)).toMatchObject({ state: 'Karnataka', mobile: '9876543210' });
  });

  it("uses the original shop's messages for missing fields", () => {
    expect(errors({})).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      address: 'Address is required',
      landmark: 'Landmark is required',
      city: 'City is required',
      state: 'State is required',
      pincode: 'Pincode is required',
    });
  });

  it('rejects placeholders, foreign countries and bad PIN codes', () => {
    expect(errors({ ...valid, state: 'Select State' }).state).toBe(
      'Choose an Indian state or union territory',
    );
    expect(errors({ ...valid, country: 'Select Country' }).country).toBe('We deliver within India only');
    expect(errors({ ...valid, pincode: '012345' }).pincode).toBe('Enter a valid 6-digit PIN code');
    expect(errors({ ...valid, mobile: '12345' }).mobile).toMatch(/valid 10-digit/);
  });

  it('accepts every state and union territory, and old clients’ spellings', () => {
    expect(shippingAddressSchema.parse({ ...valid, state: 'ladakh' }).state).toBe('Ladakh');
    const old = {
      ...valid,
      state: 'Tamilnadu',
      other: 'Opp. temple',
      landmark: undefined,
      country: undefined,
    };
    expect(shippingAddressSchema.parse(old)).toMatchObject({
      state: 'Tamil Nadu',
      landmark: 'Opp. temple',
      country: 'India',
    });
  });
});
