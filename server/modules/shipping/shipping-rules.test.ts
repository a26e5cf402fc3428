import { describe, expect, it } from 'vitest';
import { clampRate } from './live-rates.js';
import { chargeableGrams, type RateCard, rateFor } from './parcels.js';
import { type Place, zoneOf } from './zones.js';

const bengaluru: Place = { city: 'Bengaluru', district: 'Bengaluru Urban', state: 'Karnataka' };
const place = (city: string, state: string, district = city): Place => ({ city, district, state });

describe('zoneOf', () => {
  it('is the city within one city or district, whatever its spelling', () => {
    expect(zoneOf(bengaluru, place('Bangalore', 'Karnataka', 'Bangalore'))).toBe('city');
    expect(zoneOf(bengaluru, place('Whitefield', 'Karnataka', 'Bengaluru Urban'))).toBe('city');
    const delhi = place('New Delhi', 'Delhi', 'South Delhi');
    expect(zoneOf(delhi, place('Delhi', 'Delhi', 'Shahdara'))).toBe('city');
  });

  it('is the state elsewhere in the same state', () => {
    expect(zoneOf(bengaluru, place('Mysuru', 'Karnataka'))).toBe('state');
    expect(zoneOf(place('Mumbai', 'Maharashtra'), place('Pune', 'Maharashtra'))).toBe('state');
  });

  it('is metro between two metro cities of different states, old names too', () => {
    expect(zoneOf(bengaluru, place('Mumbai', 'Maharashtra', 'Mumbai Suburban'))).toBe('metro');
    expect(zoneOf(bengaluru, place('New Delhi', 'Delhi', 'Central Delhi'))).toBe('metro');
    expect(zoneOf(bengaluru, place('Calcutta', 'West Bengal', 'Kolkata'))).toBe('metro');
    for (const [city, state] of [
      ['Chennai', 'Tamil Nadu'],
      ['Hyderabad', 'Telangana'],
      ['Ahmedabad', 'Gujarat'],
      ['Pune', 'Maharashtra'],
    ] as const)
      expect(zoneOf(bengaluru, place(city, state))).toBe('metro');
  });

  it('is special to the north-east, Jammu and Kashmir and Ladakh', () => {
    for (const state of [
      'Assam',
      'Arunachal Pradesh',
      'Manipur',
      'Meghalaya',
      'Mizoram',
      'Nagaland',
      'Tripura',
      'Sikkim',
      'Jammu and Kashmir',
      'Ladakh',
    ])
      expect(zoneOf(bengaluru, place('Somewhere', state))).toBe('special');
  });

  it('is the rest of India otherwise', () => {
    expect(zoneOf(bengaluru, place('Kochi', 'Kerala', 'Ernakulam'))).toBe('rest');
    expect(zoneOf(place('Mumbai', 'Maharashtra'), place('Nagpur', 'Madhya Pradesh'))).toBe('rest');
    // Unknown city and district: never the same city by two empty names.
    expect(
      zoneOf({ city: '', district: '', state: 'Kerala' }, { city: '', district: '', state: 'Goa' }),
    ).toBe('rest');
    expect(zoneOf({ city: '', district: '', state: 'Goa' }, { city: '', district: '', state: 'Goa' })).toBe(
      'state',
    );
  });
});

describe('chargeableGrams', () => {
  const box = { lengthMm: 100, widthMm: 100, heightMm: 100 }; // 1,000 cm³: 200 g volumetric

  it('rounds the dead weight up to 0.5 kg slabs, at least one', () => {
    expect(chargeableGrams([{ ...box, weightGrams: 1, quantity: 1 }])).toBe(500);
    expect(chargeableGrams([{ ...box, weightGrams: 500, quantity: 1 }])).toBe(500);
    expect(chargeableGrams([{ ...box, weightGrams: 501, quantity: 1 }])).toBe(1000);
    expect(chargeableGrams([{ ...box, weightGrams: 700, quantity: 3 }])).toBe(2500);
    expect(chargeableGrams([])).toBe(500);
  });

  it('bills the volumetric weight of a light bulky parcel: L×B×H cm / 5000 kg', () => {
    // 60 × 50 × 40 cm = 1,20,000 cm³ = 24 kg volumetric; 3 kg dead.
    const tvBox = { lengthMm: 600, widthMm: 500, heightMm: 400, weightGrams: 3000, quantity: 1 };
    expect(chargeableGrams([tvBox])).toBe(24_000);
    // 31 × 21 × 11 cm = 7,161 cm³ = 1.4322 kg: 1.5 kg.
    expect(
      chargeableGrams([{ lengthMm: 310, widthMm: 210, heightMm: 110, weightGrams: 400, quantity: 1 }]),
    ).toBe(1500);
  });

  it('sums the items of one parcel, dead and volumetric apart', () => {
    const heavy = { ...box, weightGrams: 2000, quantity: 1 };
    const bulky = { lengthMm: 500, widthMm: 200, heightMm: 200, weightGrams: 100, quantity: 2 }; // 4 kg vol each
    expect(chargeableGrams([heavy, bulky])).toBe(8500); // 8.2 kg volumetric > 2.2 kg dead
  });
});

describe('rateFor', () => {
  const card: RateCard = [
    { zone: 'city', firstSlabPaise: 4000, extraSlabPaise: 3000, minDays: 1, maxDays: 2 },
    { zone: 'special', firstSlabPaise: 9000, extraSlabPaise: 8000, minDays: 5, maxDays: 8 },
  ];

  it('charges the first 0.5 kg, then each further 0.5 kg or part of it', () => {
    expect(rateFor(card, 'city', 500)).toBe(4000);
    expect(rateFor(card, 'city', 1000)).toBe(7000);
    expect(rateFor(card, 'city', 1001)).toBe(10_000);
    expect(rateFor(card, 'special', 24_000)).toBe(9000 + 47 * 8000);
  });

  it('refuses a zone the card lacks', () => {
    expect(() => rateFor(card, 'rest', 500)).toThrow(/no rest zone/);
  });
});

describe('clampRate', () => {
  it('keeps a live quote between the floor and the cap', () => {
    const bounds = { floorPaise: 5_000, capPaise: 20_000 };
    expect(clampRate(3_900, bounds)).toBe(5_000);
    expect(clampRate(12_345, bounds)).toBe(12_345);
    expect(clampRate(169_000, bounds)).toBe(20_000);
    expect(clampRate(0, { floorPaise: 0, capPaise: 20_000 })).toBe(0);
  });
});
