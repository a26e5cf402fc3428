import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
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

describe('the checkout summary', () => {
  it('names each line’s variant and SKU under its title; a product without options keeps its colour', () => {
    const html = renderToString(
      <OrderSummary
        lines={[line('1', 'Crew Tee', 'Navy / L', 'TEE-NVY-L'), line('2', 'Speaker', '', 'SPEAKER')]}
        quote={null}
      />,
    ).replaceAll('<!-- -->', '');
    expect(html).toContain('Navy / L · Qty: 1');
    expect(html).toContain('<span class="line-sku">SKU TEE-NVY-L</span>');
    expect(html).toContain('Colour: Navy · Qty: 1');
    expect(html).not.toContain('SKU SPEAKER');
  });
});
