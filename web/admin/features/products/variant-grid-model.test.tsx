import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VariantGrid } from './variant-grid';
import {
  buildSaveBody,
  combinations,
  generateRows,
  type OptionDraft,
  rowErrorFromMessage,
  rowErrorsFromFields,
  rowLabel,
  rowsFromAnswer,
  rowsMatchOptions,
  suggestSku,
} from './variant-grid-model';
import { gridReducer, initialGridState } from './variant-grid-state';

const NAVY = '11111111-1111-4111-8111-111111111111';
const BLACK = '22222222-2222-4222-8222-222222222222';
const colours = new Map([
  [NAVY, 'Navy'],
  [BLACK, 'Black'],
]);
const colour: OptionDraft = { key: 'c', name: 'Colour', kind: 'color', colorIds: [NAVY, BLACK], text: '' };
const size: OptionDraft = { key: 's', name: 'Size', kind: 'text', colorIds: [], text: 'S, M,, L, M ' };
const defaults = { slug: 'crew-tee', price: '699', mrp: '999' };

const answer = {
  options: [
    { name: 'Colour', kind: 'color' as const, values: [NAVY] },
    { name: 'Size', kind: 'text' as const, values: ['S'] },
  ],
  variants: [
    {
      _id: '33333333-3333-4333-8333-333333333333',
      sku: 'CREW-TEE-NAVY-S',
      barcode: null,
      values: [NAVY, 'S'],
      label: 'Navy / S',
      price: 749,
      mrp: null,
      quantity: 4,
      held: 1,
      sold: 2,
      weight: 180,
      length: null,
      width: null,
      height: null,
      images: [1],
    },
  ],
};

describe('the variant grid', () => {
  it('makes every combination in the options’ order, labelled with colour names', () => {
    const rows = combinations([colour, size]);
    expect(rows).toHaveLength(6);
    expect(rows.map((values) => rowLabel(values, [colour, size], colours))).toEqual([
      'Navy / S',
      'Navy / M',
      'Navy / L',
      'Black / S',
      'Black / M',
      'Black / L',
    ]);
    expect(combinations([])).toEqual([[]]);
    expect(rowLabel([], [], colours)).toBe('the product');
  });

  it('suggests upper-case SKUs from the slug and the values', () => {
    expect(suggestSku('crew-tee', ['Navy', 'L'])).toBe('CREW-TEE-NAVY-L');
    expect(suggestSku('tv', ['55"', '4K / HDR'])).toBe('TV-55-4K-HDR');
    expect(suggestSku('a'.repeat(70), ['XL'])).toHaveLength(64);
  });

  it('keeps the rows whose values remain, and gives new rows the product’s price and a free SKU', () => {
    const kept = rowsFromAnswer(answer.variants);
    const clash = { ...kept[0]!, key: 'x', _id: undefined, values: ['gone'], sku: 'CREW-TEE-NAVY-M' };
    const rows = generateRows([colour, size], [...kept, clash], defaults, colours);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toBe(kept[0]);
    expect(rows[1]).toMatchObject({ sku: 'CREW-TEE-NAVY-M-2', price: '699', mrp: '999', quantity: '0' });
    expect(rows[5]).toMatchObject({ sku: 'CREW-TEE-BLACK-L', values: [BLACK, 'L'] });
    expect(rows.some((row) => row.key === 'x')).toBe(false);
    expect(rowsMatchOptions([colour, size], rows)).toBe(true);
    expect(rowsMatchOptions([colour], rows)).toBe(false);
  });

  it('builds the PUT body, or names each row’s problem with the API’s own rules', () => {
    const rows = generateRows([colour, size], rowsFromAnswer(answer.variants), defaults, colours);
    const built = buildSaveBody([colour, size], rows);
    expect(built.errors).toBeUndefined();
    expect(built.body!.options).toEqual([
      { name: 'Colour', kind: 'color', values: [NAVY, BLACK] },
      { name: 'Size', kind: 'text', values: ['S', 'M', 'L'] },
    ]);
    expect(built.body!.variants[0]).toMatchObject({
      _id: answer.variants[0]!._id,
      price: '749',
      mrp: '',
      weight: 180,
      images: [1],
      quantity: 0,
    });
    const broken = rows.map((row, i) =>
      i === 1
        ? { ...row, price: 'abc' }
        : i === 2
          ? { ...row, weight: '2.5' }
          : i === 3
            ? { ...row, mrp: '10' }
            : row,
    );
    const refused = buildSaveBody([colour, size], broken);
    expect(refused.errors).toEqual({
      [rows[1]!.key]: { price: 'Price must be a number of rupees, such as 499 or 1299.50' },
      [rows[2]!.key]: { weight: 'Weight (g) must be a whole number' },
      [rows[3]!.key]: { mrp: 'MRP must be at least the price (or left empty)' },
    });
    expect(refused).toMatchObject({ message: '3 variants have a problem: see the marked cells.' });
  });

  it('pins the server’s 409 and 400 to the row they name', () => {
    const rows = rowsFromAnswer(answer.variants);
    expect(
      rowErrorFromMessage(rows, 'The SKU CREW-TEE-NAVY-S is already used by Polo. Choose another.'),
    ).toEqual({
      key: rows[0]!.key,
      errors: { sku: 'The SKU CREW-TEE-NAVY-S is already used by Polo. Choose another.' },
    });
    expect(rowErrorFromMessage(rows, 'crew-tee-navy-s: "XL" is not one of Size\'s values.')?.key).toBe(
      rows[0]!.key,
    );
    expect(rowErrorFromMessage(rows, 'Two options have the same name.')).toBeUndefined();
    expect(
      rowErrorsFromFields(rows, { 'variants.0.barcode': 'A barcode is 8, 12, 13 or 14 digits' }),
    ).toEqual({
      [rows[0]!.key]: { barcode: 'A barcode is 8, 12, 13 or 14 digits' },
    });
  });

  it('changes only the edited row, selects, sets prices of the selected and clears their messages', () => {
    let state = initialGridState(answer);
    state = gridReducer(state, { type: 'options', options: [colour, size] });
    state = gridReducer(state, { type: 'generate', defaults, colours });
    const [first, second] = state.rows;
    state = gridReducer(state, { type: 'failed', errors: { [second!.key]: { price: 'bad' } }, message: 'x' });
    const edited = gridReducer(state, { type: 'edit', key: first!.key, field: 'sku', value: 'NEW' });
    expect(edited.rows[0]!.sku).toBe('NEW');
    expect(edited.rows[1]).toBe(state.rows[1]);
    state = gridReducer(edited, { type: 'select', key: second!.key, on: true });
    state = gridReducer(state, { type: 'prices', price: '799' });
    expect(state.rows.map((row) => row.price)).toEqual(['749', '799', '699', '699', '699', '699']);
    expect(state.errors[second!.key]).toEqual({});
    state = gridReducer(state, { type: 'selectAll', on: true });
    expect(state.selected.size).toBe(6);
    state = gridReducer(state, { type: 'remove', key: second!.key });
    expect(state.rows).toHaveLength(5);
    expect(state.selected.size).toBe(5);
  });

  it('labels every input of a row for screen readers, and shows stock read-only for saved rows', () => {
    const state = gridReducer(
      gridReducer(initialGridState(answer), { type: 'options', options: [colour, size] }),
      { type: 'generate', defaults, colours },
    );
    const html = renderToStaticMarkup(
      <VariantGrid
        rows={state.rows}
        labels={new Map(state.rows.map((row) => [row.key, rowLabel(row.values, [colour, size], colours)]))}
        errors={{ [state.rows[1]!.key]: { sku: 'Taken' } }}
        figures={new Map([[answer.variants[0]!._id, answer.variants[0]!]])}
        selected={new Set()}
        pictures={[{ url: '/media/a.webp' }, { url: '/media/b.webp' }]}
        dispatch={() => {}}
      />,
    );
    for (const name of ['SKU', 'Barcode', 'Price', 'MRP', 'Weight (g)', 'Length (mm)', 'Opening stock']) {
      expect(html).toContain(`aria-label="${name} of Black / L"`);
    }
    expect(html).toContain('aria-label="Picture 2 shows Navy / S" checked=""');
    expect(html).toContain('<strong>4</strong><span class="variant-stock-note">1 held · 2 sold</span>');
    expect(html).not.toContain('aria-label="Opening stock of Navy / S"');
    expect(html).toMatch(/aria-invalid="true" aria-describedby="variant-[^"]+-sku-error"/);
  });
});
