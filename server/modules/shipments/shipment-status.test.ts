import { describe, expect, it } from 'vitest';
import { courierRuleFrom } from '../../shipping-setting.js';
import { chooseCourier, slowestStep, statusAfterScan } from './shipment-status.js';
import { testAwb } from './test-courier/test-courier-provider.js';

const options = [
  { courier: 'Fast', chargePaise: 9_000, days: 1 },
  { courier: 'Cheap', chargePaise: 4_000, days: 6 },
  { courier: 'Middle', chargePaise: 5_000, days: 3 },
];

describe('choosing a courier', () => {
  it('follows the rule unless staff name one of the quoted', () => {
    expect(chooseCourier(options, { kind: 'cheapest' }).courier).toBe('Cheap');
    expect(chooseCourier(options, { kind: 'fastest' }).courier).toBe('Fast');
    expect(chooseCourier(options, { kind: 'preferred', couriers: ['Nobody', 'Middle'] }).courier).toBe(
      'Middle',
    );
    expect(chooseCourier(options, { kind: 'preferred', couriers: ['Nobody'] }).courier).toBe('Cheap');
    expect(chooseCourier(options, { kind: 'cheapest' }, 'fast').courier).toBe('Fast');
    expect(() => chooseCourier(options, { kind: 'cheapest' }, 'Pigeon')).toThrow(
      /not among the couriers quoted/,
    );
    expect(() => chooseCourier([], { kind: 'cheapest' })).toThrow(/No courier serves/);
  });

  it('reads SHIPPING_COURIER_RULE', () => {
    expect(courierRuleFrom(undefined)).toEqual({ kind: 'cheapest' });
    expect(courierRuleFrom('fastest')).toEqual({ kind: 'fastest' });
    expect(courierRuleFrom('preferred: A , B')).toEqual({ kind: 'preferred', couriers: ['A', 'B'] });
    expect(courierRuleFrom('preferred:')).toBeUndefined();
    expect(courierRuleFrom('random')).toBeUndefined();
  });
});

describe('scans', () => {
  it('move a parcel only forward; an NDR and a new attempt may alternate; the ends stay', () => {
    expect(statusAfterScan('booked', 'picked_up')).toBe('picked_up');
    expect(statusAfterScan('in_transit', 'picked_up')).toBeUndefined();
    expect(statusAfterScan('out_for_delivery', 'ndr')).toBe('ndr');
    expect(statusAfterScan('ndr', 'out_for_delivery')).toBe('out_for_delivery');
    expect(statusAfterScan('delivered', 'in_transit')).toBeUndefined();
    expect(statusAfterScan('cancelled', 'picked_up')).toBeUndefined();
    expect(statusAfterScan('ndr', 'rto_initiated')).toBe('rto_initiated');
  });

  it('move the order with its slowest parcel', () => {
    expect(slowestStep(['delivered', 'out_for_delivery'])).toBe('out_for_delivery');
    expect(slowestStep(['delivered', 'cancelled', 'delivered'])).toBe('delivered');
    expect(slowestStep(['delivered', 'in_transit'])).toBeUndefined();
    expect(slowestStep(['cancelled'])).toBeUndefined();
  });

  it('count a parcel coming back to the shop as at its end: the rest of the order is what was delivered', () => {
    expect(slowestStep(['delivered', 'rto_initiated'])).toBe('delivered');
    expect(slowestStep(['out_for_delivery', 'rto_delivered'])).toBe('out_for_delivery');
    expect(slowestStep(['in_transit', 'rto_initiated'])).toBeUndefined();
    // Every parcel coming back: nothing was delivered; receiving them closes the order instead.
    expect(slowestStep(['rto_initiated', 'rto_delivered'])).toBeUndefined();
  });

  it('test AWBs are TC and ten digits, the same for the same key', () => {
    expect(testAwb('a')).toMatch(/^TC\d{10}$/);
    expect(testAwb('a')).toBe(testAwb('a'));
    expect(testAwb('a')).not.toBe(testAwb('b'));
  });
});
