import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryRateBp,
  GST_RATES_BP,
  gstinCheckChar,
  gstinProblem,
  gstState,
  isIntraState,
  lineRateBp,
  placeOfSupplyLabel,
  STATES,
  splitGst,
  splitLine,
  stateCode,
} from './gst.js';

describe('states and codes', () => {
  it('knows the 36 states and union territories with their GST codes', () => {
    expect(STATES).toHaveLength(36);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(36);
    expect(stateCode('Karnataka')).toBe('29');
    expect(stateCode('Kerala')).toBe('32');
    expect(stateCode('Ladakh')).toBe('38');
    expect(placeOfSupplyLabel('kerala')).toBe('Kerala (32)');
  });

  it('flags the union territories without a legislature as UTGST', () => {
    const utgst = STATES.filter((s) => s.utgst).map((s) => s.name);
    expect(utgst.sort()).toEqual([
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Ladakh',
      'Lakshadweep',
    ]);
    expect(gstState('Delhi')?.utgst).toBe(false);
    expect(gstState('Puducherry')?.utgst).toBe(false);
    expect(gstState('Jammu and Kashmir')?.utgst).toBe(false);
  });

  it('reads names in any case and spacing, old names, "&" and codes', () => {
    expect(stateCode('  tamil   NADU ')).toBe('33');
    expect(stateCode('Tamilnadu')).toBe('33');
    expect(stateCode('Orissa')).toBe('21');
    expect(stateCode('Pondicherry')).toBe('34');
    expect(stateCode('Uttaranchal')).toBe('05');
    expect(stateCode('New Delhi')).toBe('07');
    expect(stateCode('Jammu & Kashmir')).toBe('01');
    expect(stateCode('Andaman & Nicobar')).toBe('35');
    expect(stateCode('Daman and Diu')).toBe('26');
    expect(stateCode('29')).toBe('29');
    expect(stateCode('99')).toBeUndefined();
    expect(stateCode('Atlantis')).toBeUndefined();
    expect(stateCode('-')).toBeUndefined();
  });
});

describe('splitting the GST a price includes', () => {
  it('₹1,17,999 phone at 18%, Karnataka seller delivering in Karnataka: CGST + SGST', () => {
    // 1,17,999 × 9 / 118 = 8,999.9237… -> ₹8,999.92 each; taxable is what remains.
    const split = splitGst({
      lines: [{ netPaise: 1_17_999_00, rateBp: 1800 }],
      sellerState: 'Karnataka',
      deliveryState: 'Karnataka',
    });
    expect(split.intraState).toBe(true);
    expect(split.stateTaxName).toBe('SGST');
    expect(split.lines[0]).toEqual({
      netPaise: 1_17_999_00,
      rateBp: 1800,
      taxablePaise: 99_999_16,
      cgstPaise: 8_999_92,
      sgstPaise: 8_999_92,
      igstPaise: 0,
      taxPaise: 17_999_84,
    });
  });

  it('the same phone delivered to Kerala: IGST', () => {
    // 1,17,999 × 18 / 118 = 17,999.8474… -> ₹17,999.85.
    const split = splitGst({
      lines: [{ netPaise: 1_17_999_00, rateBp: 1800 }],
      sellerState: 'Karnataka',
      deliveryState: 'Kerala',
    });
    expect(split.intraState).toBe(false);
    expect(split.lines[0]).toMatchObject({
      taxablePaise: 99_999_15,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17_999_85,
    });
  });

  it('a ₹999 shirt at 5%', () => {
    // 999 × 5 / 105 = 47.5714… -> ₹47.57 IGST; 999 × 2.5 / 105 = 23.7857… -> ₹23.79 each.
    expect(splitLine({ netPaise: 999_00, rateBp: 500 }, false)).toMatchObject({
      taxablePaise: 951_43,
      igstPaise: 47_57,
    });
    expect(splitLine({ netPaise: 999_00, rateBp: 500 }, true)).toMatchObject({
      taxablePaise: 951_42,
      cgstPaise: 23_79,
      sgstPaise: 23_79,
    });
  });

  it('a line with its coupon share taxes what is paid, not the list price', () => {
    // 2 × ₹1,499 headphones less a ₹300 coupon share: net ₹2,698 at 18% -> IGST 411.5593… = 411.56.
    const line = splitLine({ netPaise: 2 * 1_499_00 - 300_00, rateBp: 1800 }, false);
    expect(line).toMatchObject({ netPaise: 2_698_00, taxablePaise: 2_286_44, igstPaise: 411_56 });
  });

  it('rounds halves up', () => {
    // 59 paise at 18%: 59 × 18 / 118 = 9 exactly; 59 × 9 / 118 = 4.5 -> 5 each.
    expect(splitLine({ netPaise: 59, rateBp: 1800 }, false).igstPaise).toBe(9);
    expect(splitLine({ netPaise: 59, rateBp: 1800 }, true).cgstPaise).toBe(5);
  });

  it('nil-rated lines carry no tax', () => {
    expect(splitLine({ netPaise: 12_345, rateBp: 0 }, true)).toMatchObject({
      taxablePaise: 12_345,
      taxPaise: 0,
    });
  });

  it('uses UTGST in Chandigarh when the seller is there, SGST in Delhi', () => {
    const line = [{ netPaise: 1_000_00, rateBp: 1800 }];
    expect(
      splitGst({ lines: line, sellerState: 'Chandigarh', deliveryState: 'Chandigarh' }).stateTaxName,
    ).toBe('UTGST');
    expect(splitGst({ lines: line, sellerState: 'Delhi', deliveryState: 'Delhi' }).stateTaxName).toBe('SGST');
  });

  it('refuses rates outside 0-100% and amounts that are not paise; splits an old slab', () => {
    expect(() => splitLine({ netPaise: 100, rateBp: 10_001 }, true)).toThrow(/not a GST rate/);
    expect(() => splitLine({ netPaise: 100, rateBp: 12.5 }, true)).toThrow(/not a GST rate/);
    expect(splitLine({ netPaise: 112_00, rateBp: 1200 }, false).igstPaise).toBe(12_00);
    expect(() => splitLine({ netPaise: 10.5, rateBp: 1800 }, true)).toThrow(/whole number/);
    expect(() => splitLine({ netPaise: -1, rateBp: 1800 }, true)).toThrow(/whole number/);
  });

  it('an address whose state is not known yet is taxed as delivered in the seller state', () => {
    expect(isIntraState('Karnataka', '-')).toBe(true);
    expect(isIntraState('Karnataka', '')).toBe(true);
    expect(isIntraState('Karnataka', 'Kerala')).toBe(false);
    expect(() => isIntraState('Gondor', 'Kerala')).toThrow(/seller state/);
  });
});

describe('delivery fee', () => {
  it('is taxed at the principal supply’s rate, the highest of the lines', () => {
    expect(deliveryRateBp([500, 1800, 0])).toBe(1800);
    expect(deliveryRateBp([])).toBe(0);
    const split = splitGst({
      lines: [
        { netPaise: 999_00, rateBp: 500 },
        { netPaise: 499_00, rateBp: 1800 },
      ],
      sellerState: 'Karnataka',
      deliveryState: 'Kerala',
      deliveryPaise: 49_00,
    });
    // ₹49 at 18%: 49 × 18 / 118 = 7.4745… -> ₹7.47.
    expect(split.delivery).toMatchObject({
      netPaise: 49_00,
      rateBp: 1800,
      igstPaise: 7_47,
      taxablePaise: 41_53,
    });
    expect(split.totals.netPaise).toBe(999_00 + 499_00 + 49_00);
    expect(split.totals.taxPaise).toBe(split.lines[0]!.taxPaise + split.lines[1]!.taxPaise + 7_47);
  });

  it('is absent when free', () => {
    const split = splitGst({
      lines: [{ netPaise: 999_00, rateBp: 500 }],
      sellerState: 'Karnataka',
      deliveryState: 'Kerala',
      deliveryPaise: 0,
    });
    expect(split.delivery).toBeNull();
  });
});

describe('apparel and footwear: 5% up to ₹2,500 a piece before tax, 18% above', () => {
  const shirt = (netPaise: number, quantity = 1) =>
    lineRateBp({ hsnCode: '6109', rateBp: 500, netPaise, quantity });

  it('decides by the value of one piece', () => {
    expect(shirt(999_00)).toBe(500);
    expect(shirt(2_500_00)).toBe(500);
    // ₹2,625 is ₹2,500 + 5%: the last price at 5%.
    expect(shirt(2_625_00)).toBe(500);
    expect(shirt(2_625_01)).toBe(1800);
    expect(shirt(3 * 2_625_00, 3)).toBe(500);
    expect(shirt(3 * 2_625_00 + 1, 3)).toBe(1800);
  });

  it('a coupon that brings a piece under the threshold brings it to 5%', () => {
    expect(shirt(2_999_00)).toBe(1800);
    expect(shirt(2_999_00 - 400_00)).toBe(500);
  });

  it('covers chapters 61, 62, 63 (not worn clothing, 6309) and 64, and nothing else', () => {
    expect(lineRateBp({ hsnCode: '64041100', rateBp: 1800, netPaise: 1_999_00, quantity: 1 })).toBe(500);
    expect(lineRateBp({ hsnCode: '6203', rateBp: 500, netPaise: 4_999_00, quantity: 1 })).toBe(1800);
    expect(lineRateBp({ hsnCode: '6302', rateBp: 500, netPaise: 4_999_00, quantity: 1 })).toBe(1800);
    expect(lineRateBp({ hsnCode: '6309', rateBp: 500, netPaise: 4_999_00, quantity: 1 })).toBe(500);
    expect(lineRateBp({ hsnCode: '8517', rateBp: 1800, netPaise: 999_00, quantity: 1 })).toBe(1800);
    expect(lineRateBp({ hsnCode: '9102', rateBp: 1800, netPaise: 999_00, quantity: 1 })).toBe(1800);
  });

  it('falls back to the standard 18% when nothing sets a rate', () => {
    expect(lineRateBp({ hsnCode: null, rateBp: null, netPaise: 999_00, quantity: 1 })).toBe(1800);
    expect(lineRateBp({ hsnCode: '8528', rateBp: 4000, netPaise: 999_00, quantity: 1 })).toBe(4000);
  });
});

describe('totals add up to the paise', () => {
  const lineArb = fc.record({
    netPaise: fc.integer({ min: 0, max: 5_00_00_000 }),
    rateBp: fc.constantFrom(...GST_RATES_BP),
  });

  it('each line: taxable + taxes = net; CGST = SGST; tax recomputed from the taxable value within a paisa', () => {
    fc.assert(
      fc.property(lineArb, fc.boolean(), (line, intra) => {
        const tax = splitLine(line, intra);
        expect(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise).toBe(line.netPaise);
        expect(tax.cgstPaise).toBe(tax.sgstPaise);
        expect(tax.taxablePaise).toBeGreaterThanOrEqual(0);
        // An auditor multiplying the printed taxable value by the printed rate lands within a paisa.
        const expected = (tax.taxablePaise * line.rateBp) / 10_000;
        if (intra) expect(Math.abs(tax.cgstPaise - expected / 2)).toBeLessThan(1);
        else expect(Math.abs(tax.igstPaise - expected)).toBeLessThan(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('an order: totals are the sums of its lines and delivery, and equal what is paid', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 200_00 }),
        fc.constantFrom('Karnataka', 'Kerala', 'Ladakh', '-'),
        (lines, deliveryPaise, deliveryState) => {
          const split = splitGst({ lines, sellerState: 'Karnataka', deliveryState, deliveryPaise });
          const all = split.delivery ? [...split.lines, split.delivery] : split.lines;
          const sum = (pick: (l: (typeof all)[number]) => number) => all.reduce((s, l) => s + pick(l), 0);
          const paid = lines.reduce((s, l) => s + l.netPaise, 0) + deliveryPaise;
          expect(split.totals.netPaise).toBe(paid);
          expect(split.totals.taxablePaise + split.totals.taxPaise).toBe(paid);
          expect(split.totals.taxablePaise).toBe(sum((l) => l.taxablePaise));
          expect(split.totals.cgstPaise).toBe(sum((l) => l.cgstPaise));
          expect(split.totals.sgstPaise).toBe(sum((l) => l.sgstPaise));
          expect(split.totals.igstPaise).toBe(sum((l) => l.igstPaise));
          expect(split.totals.taxPaise).toBe(
            split.totals.cgstPaise + split.totals.sgstPaise + split.totals.igstPaise,
          );
          if (split.intraState) expect(split.totals.igstPaise).toBe(0);
          else expect(split.totals.cgstPaise + split.totals.sgstPaise).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('GSTIN', () => {
  it('accepts valid GSTINs and checks their check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull();
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
  });

  it('says what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/not a GST state code/);
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toMatch(/starts with 29, not 27/);
  });
});
