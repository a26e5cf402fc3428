import { describe, expect, it } from 'vitest';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import type { Locale } from '../../../shared/locales';
import { renderInLocale } from '../../i18n/render-in-locale';
import { OrderSummary } from './order-summary';

const line = (id: string, title: string, options: string, sku: string) =>
  ({
    _id: id,
    productId: { _id: `p${id}`, title, images: [{ url: '/media/x.webp' }] },
    variantId: `v${id}`,
    sku,
    options,
    color: { _id: 'c1', title: '#000080', name: 'Navy' },
    quantity: 1,
    price: 899,
  }) as unknown as ApiCartLine;

const render = async (locale: Locale = 'en') =>
  (
    await renderInLocale(
      <OrderSummary
        lines={[line('1', 'Crew Tee', 'Navy / L', 'TEE-NVY-L'), line('2', 'Speaker', '', 'SPEAKER')]}
        quote={null}
      />,
      locale,
      ['checkout', 'lines'],
    )
  ).replaceAll('<!-- -->', '');

describe('the checkout summary', () => {
  it('names each line’s variant and SKU under its title; a product without options keeps its colour', async () => {
    const html = await render();
    expect(html).toContain('Navy / L · Qty: 1');
    expect(html).toContain('<span class="line-sku">SKU TEE-NVY-L</span>');
    expect(html).toContain('Colour: Navy · Qty: 1');
    expect(html).not.toContain('SKU SPEAKER');
    expect(html).toContain('We could not work out the total. Please reload the page.');
  });

  it('in Hindi: the words are Hindi, the product’s title marked English while it has no Hindi one', async () => {
    const html = await render('hi');
    expect(html).toContain('<h2 id="checkout-summary-title">ऑर्डर का सारांश</h2>');
    expect(html).toContain('Navy / L · मात्रा: 1');
    expect(html).toContain('रंग: Navy · मात्रा: 1');
    expect(html).toContain('<span class="checkout-line-title" lang="en">Crew Tee</span>');
    expect(html).toContain('हम कुल राशि नहीं निकाल पाए। कृपया पेज दोबारा लोड करें।');
  });
});
