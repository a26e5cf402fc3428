import { describe, expect, it } from 'vitest';
import { readCatalogues } from '../../../scripts/i18n-check';
import { INDIAN_STATES_AND_UTS } from '../../../shared/india';
import type { Locale } from '../../../shared/locales';
import { renderInLocale } from '../../i18n/render-in-locale';
import { AddressForm, regionKey } from './address-form';

const render = async (locale: Locale) =>
  (
    await renderInLocale(<AddressForm busy={false} submitLabel="Continue" onSubmit={() => {}} />, locale, [
      'checkout',
    ])
  ).replaceAll('<!-- -->', '');

describe('the checkout’s address form', () => {
  it('names every state and union territory in each language', () => {
    const catalogues = readCatalogues();
    for (const { name } of INDIAN_STATES_AND_UTS) {
      expect(catalogues.en?.checkout?.[regionKey(name)], name).toBe(name);
      expect(catalogues.hi?.checkout?.[regionKey(name)], name).toMatch(/\p{Script=Devanagari}/u);
    }
  });

  it('in English as before', async () => {
    const html = await render('en');
    expect(html).toMatch(/<label class="form-label" for="[^"]+">Pincode<\/label>/);
    expect(html).toContain('<option value="Kerala">Kerala</option>');
    expect(html).toContain('<optgroup label="Union territories">');
    expect(html).toContain('House number, street and area');
  });

  it('in Hindi: labels, hints and names Hindi, the values the official English names the server reads', async () => {
    const html = await render('hi');
    expect(html).toMatch(/<label class="form-label" for="[^"]+">पिन कोड<\/label>/);
    expect(html).toContain('<option value="Kerala">केरल</option>');
    expect(html).toContain('<option value="India">भारत</option>');
    expect(html).toContain('<optgroup label="केंद्र शासित प्रदेश">');
    expect(html).toContain('मकान नंबर, गली और इलाका');
    expect(html).not.toMatch(/>(Country|City|State|Landmark)</);
  });
});
