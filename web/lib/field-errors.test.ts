import { describe, expect, it } from 'vitest';
import { fieldErrorsUnder } from './field-errors';

describe('fieldErrorsUnder', () => {
  it('names nested fields as the form does and keeps the others', () => {
    expect(
      fieldErrorsUnder({ 'address.city': 'Enter the city', phone: 'Enter a mobile number' }, 'address'),
    ).toEqual({ city: 'Enter the city', phone: 'Enter a mobile number' });
    expect(fieldErrorsUnder({ 'addressee.city': 'x' }, 'address')).toEqual({ 'addressee.city': 'x' });
    expect(fieldErrorsUnder(undefined, 'shippingInfo')).toEqual({});
  });
});
