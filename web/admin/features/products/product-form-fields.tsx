import { PRODUCT_TAGS } from '../../../../shared/catalog';
import { formatGstRate, isValueBasedHsn } from '../../../../shared/gst';
import { GST_RATE_CHOICES } from '../../../../shared/schemas/gst-fields';
import { SelectField, TextField } from '../../../components/forms/form-field';
import type { TranslationTexts } from '../translations/translations';
import { ColourDot } from './colour-dot';
import type { ProductImage } from './product-images';
import type { CatalogueNames } from './use-catalogue-names';

/** The product form's text boxes and choices, as typed. */
export type Values = {
  title: string;
  slug: string;
  description: string;
  price: string;
  mrp: string;
  categoryId: string;
  brandId: string;
  colorIds: string[];
  tags: string[];
  images: ProductImage[];
  quantity: string;
  /** GST: empty takes the category's. */
  hsnCode: string;
  gstRate: string;
  /** Title and description in each other language; empty shows the English. */
  translations: TranslationTexts<'title' | 'description'>;
};
export type Field = keyof Values;
export type Errors = Partial<Record<Field, string>>;

/** What each section of the product form receives: the values, their errors, and the setter. */
type SectionProps = {
  values: Values;
  errors: Errors;
  set: <K extends Field>(field: K, value: Values[K]) => void;
};

type Tax = { hsnCode: string | null; gstRate: number | null };

/** "8517 · 18%", "18%", "none set" */
function taxLabel(tax: Tax | undefined): string {
  const parts = [tax?.hsnCode, tax?.gstRate != null ? formatGstRate(tax.gstRate * 100) : null].filter(
    Boolean,
  );
  return parts.length ? parts.join(' · ') : 'none set';
}

/** HSN code and GST rate; empty takes the chosen category's. */
export function TaxSection({
  values,
  errors,
  set,
  categoryTax,
}: SectionProps & { categoryTax: Tax | undefined }) {
  return (
    <section className="panel" aria-labelledby="product-tax-heading">
      <h2 id="product-tax-heading">Tax</h2>
      <p className="form-hint">
        Prices include GST. Leave these empty to use the category’s ({taxLabel(categoryTax)}); invoices print
        the HSN code and the rate.
      </p>
      <div className="form-grid">
        <TextField
          id="product-hsnCode"
          label="HSN code"
          inputMode="numeric"
          value={values.hsnCode}
          maxLength={12}
          placeholder={categoryTax?.hsnCode ?? '8517'}
          hint="4, 6 or 8 digits, from the GST rate schedule (8517 for phones, 6109 for T-shirts)."
          error={errors.hsnCode}
          onChange={(event) => set('hsnCode', event.target.value)}
        />
        <SelectField
          id="product-gstRate"
          label="GST rate"
          value={values.gstRate}
          error={errors.gstRate}
          hint={
            isValueBasedHsn(values.hsnCode.replace(/[\s.]/g, '') || categoryTax?.hsnCode)
              ? 'Clothing, textiles and footwear are taxed by price: 5% up to ₹2,500 a piece before tax, 18% above, whatever is chosen here.'
              : undefined
          }
          onChange={(event) => set('gstRate', event.target.value)}
        >
          <option value="">
            Category’s (
            {categoryTax?.gstRate != null ? formatGstRate(categoryTax.gstRate * 100) : 'none: 18%'})
          </option>
          {GST_RATE_CHOICES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {formatGstRate(rate * 100)}
            </option>
          ))}
        </SelectField>
      </div>
    </section>
  );
}

/** The colours shoppers choose from (the first chosen shown first) and the home page's tags. */
export function OptionsSection({
  values,
  errors,
  set,
  colors,
}: SectionProps & { colors: CatalogueNames['colors'] }) {
  const toggle = (field: 'colorIds' | 'tags', value: string, on: boolean) =>
    set(field, on ? [...values[field], value] : values[field].filter((v) => v !== value));
  return (
    <section className="panel" aria-labelledby="product-options-heading">
      <h2 id="product-options-heading">Colours and tags</h2>
      <fieldset
        id="product-colorIds"
        className="product-choices"
        aria-describedby={errors.colorIds ? 'product-colorIds-error' : 'product-colorIds-hint'}
        aria-invalid={errors.colorIds ? true : undefined}
        tabIndex={-1}
      >
        <legend className="form-label">Colours</legend>
        <p className="form-hint" id="product-colorIds-hint">
          At least one. Shoppers pick one when they add the product to their cart; the first chosen is shown
          first.
        </p>
        {colors.length === 0 ? (
          <p className="muted">No colours yet: add them under Colours first.</p>
        ) : (
          <ul className="product-choice-list">
            {colors.map((color) => {
              const position = values.colorIds.indexOf(color._id);
              return (
                <li key={color._id}>
                  <label className="product-choice">
                    <input
                      type="checkbox"
                      checked={position >= 0}
                      onChange={(event) => toggle('colorIds', color._id, event.target.checked)}
                    />
                    <ColourDot value={color.title} />
                    <span>
                      {color.name && color.name !== color.title ? color.name : color.title}{' '}
                      <code className="muted">{color.title}</code>
                      {position === 0 && values.colorIds.length > 1 && <span className="badge">First</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {errors.colorIds && (
          <p className="form-error" id="product-colorIds-error">
            {errors.colorIds}
          </p>
        )}
      </fieldset>
      <fieldset className="product-choices">
        <legend className="form-label">Tags</legend>
        <p className="form-hint">Where the home page shows the product.</p>
        <ul className="product-choice-list product-choice-list--inline">
          {PRODUCT_TAGS.map((tag) => (
            <li key={tag}>
              <label className="product-choice">
                <input
                  type="checkbox"
                  checked={values.tags.includes(tag)}
                  onChange={(event) => toggle('tags', tag, event.target.checked)}
                />
                <span>{tag[0]!.toUpperCase() + tag.slice(1)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
