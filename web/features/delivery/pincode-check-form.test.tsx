import { describe, expect, it } from 'vitest';
import { renderInLocale } from '../../i18n/render-in-locale';
import { PincodeCheckForm } from './pincode-check-form';

const form = (text: string) => (
  <PincodeCheckForm pin="744301" onPinChange={() => {}} onCheck={() => {}} answer={{ tone: 'no', text }} />
);

describe('the pincode check', () => {
  it('is labelled "Deliver to pincode" in English', async () => {
    const html = (await renderInLocale(form('x'), 'en', ['delivery'])).replace(/<!-- -->/g, '');
    expect(html).toMatch(/Deliver to<span class="visually-hidden"> pincode<\/span>/);
    expect(html).toContain('placeholder="Pincode"');
  });

  it('speaks Hindi, and shows an API message in Hindi where the errors catalogue has it', async () => {
    const html = (await renderInLocale(form('Enter a valid 6-digit PIN code'), 'hi', ['delivery'])).replace(
      /<!-- -->/g,
      '',
    );
    expect(html).toMatch(/डिलीवरी<span class="visually-hidden"> का पिन कोड<\/span>/);
    expect(html).toContain('>जाँचें<');
    expect(html).toContain('सही 6 अंकों का पिन कोड डालें');
    // One it has no words for stays English, marked so.
    const unknown = await renderInLocale(form('Something odd happened'), 'hi', ['delivery']);
    expect(unknown).toContain('lang="en">Something odd happened');
  });
});
