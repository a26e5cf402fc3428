import { describe, expect, it } from 'vitest';
import { choiceText, variantHref } from './line-choice';

const navy = { _id: 'c1', title: '#000080', name: 'Navy' };

describe('a line’s choice', () => {
  it('says the variant’s values, with the colour label only when colour is not one of them', () => {
    expect(choiceText({ color: navy, options: 'Navy / L', sku: 'TEE-NVY-L' })).toBe('Navy / L');
    expect(choiceText({ color: navy, options: 'L', sku: 'TEE-L' })).toBe('L · Colour: Navy');
    expect(choiceText({ color: navy, options: '', sku: 'TEE' })).toBe('Colour: Navy');
    expect(choiceText({ color: { ...navy, name: '' }, options: '', sku: null })).toBe('Colour: #000080');
  });

  it('links to the product opened on the variant, when it has options', () => {
    const product = { _id: 'p1', slug: 'crew-tee' };
    expect(variantHref(product, { options: 'Navy / L', sku: 'TEE/NVY-L' })).toBe(
      '/product/crew-tee?variant=TEE%2FNVY-L',
    );
    expect(variantHref(product, { options: '', sku: 'CREW-TEE' })).toBe('/product/crew-tee');
    expect(variantHref({ _id: 'p1', slug: '' }, { options: 'L', sku: null })).toBe('/product/p1');
  });
});
