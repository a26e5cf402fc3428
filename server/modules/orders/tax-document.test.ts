import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLine } from '../../../shared/gst.js';
import {
  apportion,
  creditNoteRows,
  invoiceRows,
  placeOfSupplyOf,
  type TaxedLine,
  type TaxedOrder,
  totalsOf,
  wasIntraState,
} from './tax-document.js';

/** A line as placement stores it: its GST taken out of what is paid for it (decision 012). */
function line(
  id: string,
  pricePaise: number,
  quantity: number,
  rateBp: number,
  intra: boolean,
  discountPaise = 0,
) {
  const split = splitLine({ netPaise: pricePaise * quantity - discountPaise, rateBp }, intra);
  return {
    id,
    title: `Item ${id}`,
    quantity,
    pricePaise,
    discountPaise,
    hsnCode: '8517',
    gstRateBp: rateBp,
    taxablePaise: split.taxablePaise,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
    sku: null,
    variantTitle: null,
  } satisfies TaxedLine;
}

function order(lines: TaxedLine[], deliveryPaise: number, intra: boolean): TaxedOrder {
  const net = lines.reduce((s, l) => s + l.pricePaise * l.quantity - l.discountPaise, 0) + deliveryPaise;
  const rows = invoiceRows({ deliveryPaise } as TaxedOrder, lines, intra);
  return {
    totalPriceAfterDiscountPaise: net,
    deliveryPaise,
    codFeePaise: 0,
    taxPaise: totalsOf(rows).taxPaise,
    placeOfSupply: intra ? 'Karnataka (29)' : 'Kerala (32)',
    shippingInfo: {} as TaxedOrder['shippingInfo'],
  };
}

describe('apportion', () => {
  it('shares an amount in proportion, the parts adding up exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1_180_00, [59_000_00, 2_360_00])).toEqual([1_134_62, 45_38]);
    expect(apportion(7, [0, 0])).toEqual([7, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_00_00_000_00 }),
        fc.array(fc.integer({ min: 0, max: 10_00_000_00 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const parts = apportion(amount, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
          expect(parts.every((p) => p >= 0 && Number.isInteger(p))).toBe(true);
        },
      ),
    );
  });
});

describe('invoice rows', () => {
  it('are the stored lines and the delivery fee, adding up to what was paid and the order’s tax', () => {
    const lines = [line('a', 1_17_999_00, 1, 1800, true, 500_00), line('b', 1_499_00, 2, 500, true)];
    const placed = order(lines, 49_00, true);
    const rows = invoiceRows(placed, lines, true);
    expect(rows.map((r) => r.kind)).toEqual(['goods', 'goods', 'delivery']);
    // Delivery at the highest rate among the lines (18%): 49 × 9 / 118 = 3.737… -> ₹3.74 each.
    expect(rows[2]).toMatchObject({ rateBp: 1800, cgstPaise: 3_74, sgstPaise: 3_74, taxablePaise: 41_52 });
    const totals = totalsOf(rows);
    expect(totals.netPaise).toBe(placed.totalPriceAfterDiscountPaise);
    expect(totals.taxablePaise + totals.taxPaise).toBe(totals.netPaise);
  });

  it('know the supply was intra-state from the stored split, else from the place of supply', () => {
    expect(wasIntraState({ placeOfSupply: 'Kerala (32)' }, [line('a', 100_00, 1, 1800, false)])).toBe(false);
    expect(wasIntraState({ placeOfSupply: 'Kerala (32)' }, [line('a', 100_00, 1, 1800, true)])).toBe(true);
    const nil = [line('a', 100_00, 1, 0, false)];
    expect(wasIntraState({ placeOfSupply: 'Kerala (32)' }, nil, 'Karnataka')).toBe(false);
    expect(wasIntraState({ placeOfSupply: 'Karnataka (29)' }, nil, 'Karnataka')).toBe(true);
    expect(placeOfSupplyOf('Kerala (32)')).toEqual({ name: 'Kerala', code: '32' });
    expect(placeOfSupplyOf('Tamilnadu')).toEqual({ name: 'Tamil Nadu', code: '33' });
    expect(placeOfSupplyOf(null)).toBeNull();
  });
});

describe('credit note rows', () => {
  const lines = [line('phone', 59_000_00, 1, 1800, false), line('kurta', 1_499_00, 3, 500, false, 99_00)];
  const placed = order(lines, 99_00, false);

  it('credit the named lines at their rates, the amount shared by what was paid for the units', () => {
    const rows = creditNoteRows(
      placed,
      lines,
      { amountPaise: 2_000_00, lines: [{ lineId: 'kurta', quantity: 2 }] },
      false,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lineId: 'kurta', quantity: 2, rateBp: 500, netPaise: 2_000_00 });
    // ₹2,000 at 5%: 2000 × 5 / 105 = 95.238… -> ₹95.24 of IGST.
    expect(rows[0]).toMatchObject({ igstPaise: 95_24, taxablePaise: 1_904_76 });
  });

  it('credit every row in proportion for a refund of an amount; the whole order reverses the invoice exactly', () => {
    const whole = creditNoteRows(
      placed,
      lines,
      { amountPaise: placed.totalPriceAfterDiscountPaise, lines: [] },
      false,
    );
    const invoice = invoiceRows(placed, lines, false);
    expect(
      whole.map(({ netPaise, taxablePaise, igstPaise }) => ({ netPaise, taxablePaise, igstPaise })),
    ).toEqual(
      invoice.map(({ netPaise, taxablePaise, igstPaise }) => ({ netPaise, taxablePaise, igstPaise })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: placed.totalPriceAfterDiscountPaise }), (amountPaise) => {
        const totals = totalsOf(creditNoteRows(placed, lines, { amountPaise, lines: [] }, false));
        expect(totals.netPaise).toBe(amountPaise);
        expect(totals.taxablePaise + totals.taxPaise).toBe(amountPaise);
        // Never more tax back than the invoice charged.
        expect(totals.taxPaise).toBeLessThanOrEqual(placed.taxPaise);
      }),
    );
  });
});
