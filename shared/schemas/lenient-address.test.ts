import { describe, expect, it } from 'vitest';
import { matchIndianState, readDeliveryAddress } from './lenient-address.js';

const typed = {
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};

describe('matchIndianState', () => {
  it.each([
    ['karnataka', '560038', 'Karnataka'],
    ['  TAMIL   nadu ', '600001', 'Tamil Nadu'],
    ['Tamilnadu', '600001', 'Tamil Nadu'],
    ['Karnatka', '560038', 'Karnataka'],
    ['Karnatka', '', 'Karnataka'],
    // The original client's own misspelling: too far on its own, settled by the PIN code.
    ['Tamzhnad', '600001', 'Tamil Nadu'],
    ['Orissa', '751001', 'Odisha'],
    ['', '682001', undefined],
    ['', '560038', 'Karnataka'],
    // A state typed right is never overruled by the PIN code.
    ['Kerala', '560038', 'Kerala'],
  ])('%j with %j is %j', (state, pincode, expected) => {
    expect(matchIndianState(state, pincode)).toBe(expected);
  });

  it('does not guess', () => {
    expect(matchIndianState('Tamzhnad', '')).toBeUndefined();
    expect(matchIndianState('Tamzhnad', '560038')).toBeUndefined();
    expect(matchIndianState('xyz', '999999')).toBeUndefined();
  });
});

describe('readDeliveryAddress', () => {
  it('confirms an address without a landmark or country, with a misspelt state and numbers for digits', () => {
    const read = readDeliveryAddress({ ...typed, state: 'Karnatka', pincode: 560038, mobile: 8282326974 });
    expect(read).toEqual({
      confirmed: true,
      address: { ...typed, landmark: '', country: 'India', mobile: '8282326974' },
    });
  });

  it('takes an older client’s `other` as the landmark', () => {
    expect(readDeliveryAddress({ ...typed, other: 'Near the metro' })?.address.landmark).toBe(
      'Near the metro',
    );
  });

  it('keeps what cannot be validated exactly as typed, to be confirmed', () => {
    const read = readDeliveryAddress({ ...typed, state: 'Tamzhnad', pincode: '56003', city: '' });
    expect(read).toEqual({
      confirmed: false,
      address: { ...typed, state: 'Tamzhnad', pincode: '56003', city: '', landmark: '', country: 'India' },
    });
  });

  it('is undefined when nothing like an address was sent', () => {
    expect(readDeliveryAddress(undefined)).toBeUndefined();
    expect(readDeliveryAddress('somewhere')).toBeUndefined();
    expect(readDeliveryAddress({})).toBeUndefined();
    expect(readDeliveryAddress([])).toBeUndefined();
  });
});
