import { describe, expect, it } from 'vitest';
import type { ApiShippingSettings } from '../../../../shared/api/shipping.schemas';
import { bodyOf, codFeeExample, fieldErrorsOf, slabPrice, valuesOf } from './settings-model';

const saved: ApiShippingSettings = {
  mode: 'flat',
  codFee: 0,
  codFeePercent: 0,
  liveFloor: 0,
  liveCap: 0,
  defaultParcel: { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 100 },
  rates: [],
  warehouse: null,
  flat: { deliveryFee: 49, freeDeliveryFrom: 499 },
  updatedAt: null,
};

describe('the shipping settings form model', () => {
  it('sends no rate card and no pickup address while every box of them is blank', () => {
    const body = bodyOf(valuesOf(saved));
    expect(body.rates).toEqual([]);
    expect(body.warehouse).toBeNull();
    expect(body.defaultParcel).toEqual({ weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 100 });
  });

  it('sends all five zones in a fixed order once one box is filled, blanks and junk as null', () => {
    const values = valuesOf(saved);
    values.rates.metro = { firstSlab: '1,250.50', extraSlab: 'abc', minDays: '2', maxDays: '' };
    const body = bodyOf(values);
    expect(body.rates.map((r) => r.zone)).toEqual(['city', 'state', 'metro', 'rest', 'special']);
    expect(body.rates[2]).toEqual({
      zone: 'metro',
      firstSlab: 1250.5,
      extraSlab: null,
      minDays: 2,
      maxDays: null,
    });
    expect(body.rates[0]!.firstSlab).toBeNull();
  });

  it('reads the server field errors of the card by zone', () => {
    expect(fieldErrorsOf({ 'rates.2.maxDays': 'too few', 'warehouse.pincode': 'bad', rates: 'all' })).toEqual(
      {
        'rates.metro.maxDays': 'too few',
        'warehouse.pincode': 'bad',
        rates: 'all',
      },
    );
  });

  it('prices a parcel by 0.5 kg slabs', () => {
    const rate = { firstSlab: '40', extraSlab: '30', minDays: '1', maxDays: '2' };
    expect(slabPrice(rate, 500)).toBe(40);
    expect(slabPrice(rate, 2000)).toBe(130);
    expect(slabPrice(rate, 2001)).toBe(160);
    expect(slabPrice({ ...rate, extraSlab: '' }, 2000)).toBeNull();
  });

  it('sends live rates’ floor and cap and the COD fee as typed, blanks as 0', () => {
    const values = {
      ...valuesOf(saved),
      mode: 'live' as const,
      liveFloor: '',
      liveCap: '1,200',
      codFee: '49',
    };
    expect(bodyOf(values)).toMatchObject({
      mode: 'live',
      liveFloor: 0,
      liveCap: 1200,
      codFee: 49,
      codFeePercent: 0,
    });
    expect(bodyOf({ ...values, liveCap: 'lots' }).liveCap).toBeNull();
    // A cap of 0 shows as blank, for the owner to fill.
    expect(valuesOf({ ...saved, liveCap: 0 }).liveCap).toBe('');
  });

  it('works the COD fee out on an example order as the checkout does', () => {
    expect(codFeeExample({ codFee: '49', codFeePercent: '2' }, 1000)).toBe(69);
    expect(codFeeExample({ codFee: '', codFeePercent: '1.5' }, 333.33)).toBe(5);
    expect(codFeeExample({ codFee: '', codFeePercent: '' }, 1000)).toBe(0);
    expect(codFeeExample({ codFee: 'x', codFeePercent: '' }, 1000)).toBeNull();
  });
});
