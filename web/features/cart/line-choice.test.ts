import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/i18n';
import { choiceText, variantHref } from './line-choice';

const navy = { _id: 'c1', title: '#000080', name: 'Navy' };

describe('a line’s choice', () => {
  it('says the variant’s values, with the colour label only when colour is not one of them', async () => {
    const t = await translator('en', ['lines']);
    expect(choiceText({ color: navy, options: 'Navy / L', sku: 'TEE-NVY-L' }, t)).toBe('Navy / L');
    expect(choiceText({ color: navy, options: 'L', sku: 'TEE-L' }, t)).toBe('L · Colour: Navy');
    expect(choiceText({ color: navy, options: '', sku: 'TEE' }, t)).toBe('Colour: Navy');
    expect(choiceText({ color: { ...navy, name: '' }, options: '', sku: null }, t)).toBe('Colour: #000080');
  });

  it('says it in Hindi on a Hindi page (the merchant’s values as written)', async () => {
    const t = await translator('hi', ['lines']);
    expect(choiceText({ color: navy, options: 'L', sku: 'TEE-L' }, t)).toBe('L · रंग: Navy');
    expect(choiceText({ color: navy, options: 'Navy / L', sku: 'TEE-NVY-L' }, t)).toBe('Navy / L');
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
