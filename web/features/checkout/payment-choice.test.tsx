import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locales';
import { renderInLocale } from '../../i18n/render-in-locale';
import { loadApiMessages } from './api-messages';
import { PaymentChoice } from './payment-choice';

// A Hindi page has the server's messages with names in it (an amount, a pincode) in Hindi.
beforeAll(() => loadApiMessages());

const render = async (props: Partial<Parameters<typeof PaymentChoice>[0]> = {}, locale: Locale = 'en') =>
  (
    await renderInLocale(
      <PaymentChoice
        method="online"
        codProblem={null}
        codFee={null}
        disabled={false}
        onChange={() => {}}
        {...props}
      />,
      locale,
      ['checkout'],
    )
  ).replaceAll('<!-- -->', '');

/** Each option's label as one string, and its radio's attributes. */
function options(html: string) {
  return [...html.matchAll(/<label class="payment-option">(<input[^>]*>)(.*?)<\/label>/g)].map(
    ([, input, label]) => ({
      input: input!,
      label: label!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    }),
  );
}

describe('payment choice', () => {
  it('a group named Payment: online (chosen) and cash on delivery, each saying what it means', async () => {
    const html = await render();
    expect(html).toMatch(
      /^<fieldset class="payment-choice"><legend><h2 class="checkout-section-title">Payment<\/h2><\/legend>/,
    );
    const [online, cod] = options(html);
    expect(online!.label).toBe('Pay online UPI, cards, netbanking, wallets');
    expect(online!.input).toMatch(/ checked\b/);
    expect(cod!.label).toBe(
      'Cash on delivery Pay in cash when it arrives; no extra fee. We send you a code to confirm the order.',
    );
    expect(cod!.input).not.toContain('checked');
    expect(cod!.input).not.toContain('disabled');
  });

  it('a handling fee for cash is in the option’s name, before it is chosen', async () => {
    const [, cod] = options(await render({ codFee: '₹49.00' }));
    expect(cod!.label).toBe(
      'Cash on delivery: ₹49.00 handling fee Pay in cash when it arrives; the fee is in the total below. We send you a code to confirm the order.',
    );
    // Refused, the fee is not advertised: only the reason.
    const [, refused] = options(await render({ codFee: '₹49.00', codProblem: 'Not available for 494001' }));
    expect(refused!.label).toBe('Cash on delivery Not available for 494001');
  });

  it('cash on delivery refused: disabled, the reason read with its name', async () => {
    const [, cod] = options(await render({ codProblem: 'Not available for 494001' }));
    expect(cod!.label).toBe('Cash on delivery Not available for 494001');
    expect(cod!.input).toMatch(/ disabled\b/);
  });

  it('while an order is being placed the whole group is disabled', async () => {
    expect(await render({ disabled: true, method: 'cod' })).toMatch(
      /^<fieldset class="payment-choice" disabled="">/,
    );
  });

  it('in Hindi, the server’s refusal too; one it has no words for stays English, marked so', async () => {
    const html = await render({ codFee: '₹49.00' }, 'hi');
    expect(html).toContain('<h2 class="checkout-section-title">भुगतान</h2>');
    const [online, cod] = options(html);
    expect(online!.label).toBe('ऑनलाइन भुगतान करें UPI, कार्ड, नेटबैंकिंग, वॉलेट');
    expect(cod!.label).toMatch(/^कैश ऑन डिलीवरी: ₹49.00 हैंडलिंग शुल्क सामान पहुँचने पर नकद भुगतान करें;/);
    const [, limit] = options(
      await render({ codProblem: 'Cash on delivery is available for orders up to ₹50,000.00.' }, 'hi'),
    );
    expect(limit!.label).toBe('कैश ऑन डिलीवरी कैश ऑन डिलीवरी ₹50,000.00 तक के ऑर्डर पर ही उपलब्ध है।');
    const unknown = await render({ codProblem: 'Couriers are on strike.' }, 'hi');
    expect(unknown).toContain('<span class="payment-option-note" lang="en">Couriers are on strike.</span>');
  });
});
