import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentChoice } from './payment-choice';

const render = (props: Partial<Parameters<typeof PaymentChoice>[0]> = {}) =>
  renderToString(
    <PaymentChoice
      method="online"
      codProblem={null}
      codFee={null}
      disabled={false}
      onChange={() => {}}
      {...props}
    />,
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
  it('a group named Payment: online (chosen) and cash on delivery, each saying what it means', () => {
    const html = render();
    expect(html).toMatch(
      /^<fieldset class="payment-choice"><legend><h2 class="checkout-section-title">Payment<\/h2><\/legend>/,
    );
    const [online, cod] = options(html);
    expect(online!.label).toBe('Pay online UPI, cards, netbanking, wallets');
    expect(online!.input).toMatch(/ checked\b/);
    expect(cod!.label).toBe(
      'Cash on delivery Pay in cash when it arrives; no extra fee. We e-mail you a code to confirm the order.',
    );
    expect(cod!.input).not.toContain('checked');
    expect(cod!.input).not.toContain('disabled');
  });

  it('a handling fee for cash is in the option’s name, before it is chosen', () => {
    const [, cod] = options(render({ codFee: '₹49.00' }));
    expect(cod!.label).toBe(
      'Cash on delivery: ₹49.00 handling fee Pay in cash when it arrives; the fee is in the total below. We e-mail you a code to confirm the order.',
    );
    // Refused, the fee is not advertised: only the reason.
    const [, refused] = options(render({ codFee: '₹49.00', codProblem: 'Not available for 494001' }));
    expect(refused!.label).toBe('Cash on delivery Not available for 494001');
  });

  it('cash on delivery refused: disabled, the reason read with its name', () => {
    const [, cod] = options(render({ codProblem: 'Not available for 494001' }));
    expect(cod!.label).toBe('Cash on delivery Not available for 494001');
    expect(cod!.input).toMatch(/ disabled\b/);
  });

  it('while an order is being placed the whole group is disabled', () => {
    expect(render({ disabled: true, method: 'cod' })).toMatch(
      /^<fieldset class="payment-choice" disabled="">/,
    );
  });
});
