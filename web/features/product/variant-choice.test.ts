import { describe, expect, it } from 'vitest';
import type { ApiProductPage, ApiVariant } from '../../../shared/api/catalog.schemas';
import {
  choiceImages,
  chosenVariant,
  initialChoice,
  missingOptions,
  priceRange,
  swatchColour,
  valueState,
  variantLabel,
} from './variant-choice';

const image = (n: number) => ({ url: `/media/${n}.webp` });

function variant(
  sku: string,
  options: Record<string, string>,
  price: number,
  quantity: number,
  images: number[] = [],
) {
  return {
    _id: sku,
    sku,
    barcode: null,
    price,
    mrp: 999,
    quantity,
    options,
    colorId: null,
    weight: null,
    images,
  };
}

/** A T-shirt in Navy and Black, S to L; Black comes in S only and Navy M is sold out. */
const tee = {
  price: 699,
  priceMax: 899,
  images: [image(0), image(1), image(2), image(3)],
  color: [
    { _id: 'c-navy', title: '#000080', name: 'Navy' },
    { _id: 'c-black', title: '#111111', name: 'Black' },
  ],
  options: [
    { name: 'Colour', kind: 'color', values: ['Navy', 'Black'] },
    { name: 'Size', kind: 'text', values: ['S', 'M', 'L'] },
  ],
  variants: [
    variant('TEE-NVY-S', { Colour: 'Navy', Size: 'S' }, 699, 3, [0, 1]),
    variant('TEE-NVY-M', { Colour: 'Navy', Size: 'M' }, 699, 0, [0, 1]),
    variant('TEE-NVY-L', { Colour: 'Navy', Size: 'L' }, 899, 2, [0, 1]),
    variant('TEE-BLK-S', { Colour: 'Black', Size: 'S' }, 749, 9, [2]),
  ],
} satisfies Pick<ApiProductPage, 'options' | 'variants' | 'images' | 'color' | 'price' | 'priceMax'>;

describe('choosing a variant', () => {
  it('opens on the variant a link names, in any case, else on nothing but single values', () => {
    expect(initialChoice(tee, 'tee-nvy-l')).toEqual({ Colour: 'Navy', Size: 'L' });
    expect(initialChoice(tee, 'NO-SUCH-SKU')).toEqual({});
    expect(initialChoice(tee, null)).toEqual({});
    const navyOnly = {
      ...tee,
      options: [
        { name: 'Colour', kind: 'color' as const, values: ['Navy'] },
        { name: 'Size', kind: 'text' as const, values: ['S', 'M', 'L'] },
      ],
    };
    expect(initialChoice(navyOnly, null)).toEqual({ Colour: 'Navy' });
  });

  it('names the variant only once every option is chosen, and what is still missing', () => {
    expect(chosenVariant(tee, { Colour: 'Navy' })).toBeNull();
    expect(missingOptions(tee, { Colour: 'Navy' })).toEqual(['Size']);
    expect(missingOptions(tee, {})).toEqual(['Colour', 'Size']);
    expect(chosenVariant(tee, { Colour: 'Navy', Size: 'L' })?.sku).toBe('TEE-NVY-L');
    expect(chosenVariant(tee, { Colour: 'Black', Size: 'L' })).toBeNull();
  });

  it('a product without options is its one variant, chosen from the start', () => {
    const plain = { ...tee, options: [], variants: [variant('PLAIN', {}, 499, 4)] };
    expect(initialChoice(plain, null)).toEqual({});
    expect(chosenVariant(plain, {})?.sku).toBe('PLAIN');
    expect(variantLabel(plain, plain.variants[0]!)).toBe('');
  });

  it('marks values sold out or not made, for the other choices as they stand', () => {
    expect(valueState(tee, { Colour: 'Navy' }, 'Size', 'M')).toBe('sold-out');
    expect(valueState(tee, { Colour: 'Navy' }, 'Size', 'L')).toBe('available');
    expect(valueState(tee, { Colour: 'Black' }, 'Size', 'L')).toBe('unavailable');
    // Nothing chosen yet: M is sold out in every colour that has it.
    expect(valueState(tee, {}, 'Size', 'M')).toBe('sold-out');
    // The value's own option is ignored: Black is available even with Navy chosen.
    expect(valueState(tee, { Colour: 'Navy', Size: 'S' }, 'Colour', 'Black')).toBe('available');
    expect(valueState(tee, { Colour: 'Navy', Size: 'L' }, 'Colour', 'Black')).toBe('unavailable');
  });

  it('labels, prices, pictures and swatches follow the choice', () => {
    const navyL = chosenVariant(tee, { Colour: 'Navy', Size: 'L' }) as ApiVariant;
    expect(variantLabel(tee, navyL)).toBe('Navy / L');
    expect(priceRange(tee, {})).toEqual({ min: 699, max: 899 });
    expect(priceRange(tee, { Colour: 'Black' })).toEqual({ min: 749, max: 749 });
    expect(priceRange(tee, { Colour: 'Black', Size: 'L' })).toEqual({ min: 699, max: 899 });
    expect(choiceImages(tee, { Colour: 'Black' })).toEqual([image(2)]);
    expect(choiceImages(tee, { Colour: 'Navy', Size: 'M' })).toEqual([image(0), image(1)]);
    expect(choiceImages(tee, {})).toEqual(tee.images);
    expect(swatchColour(tee, 'Navy')).toBe('#000080');
    expect(swatchColour(tee, 'Teal')).toBeUndefined();
  });
});
