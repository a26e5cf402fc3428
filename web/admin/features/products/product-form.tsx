import { type FormEvent, useState } from 'react';
import { adminCreateProduct, adminUpdateProduct } from '../../../../shared/api/catalog-admin';
import {
  type ApiAdminProduct,
  newProductBody,
  PRODUCT_SLUG_MAX,
  PRODUCT_TITLE_MAX,
  productBody,
} from '../../../../shared/api/catalog-admin.schemas';
import { PRODUCT_TAGS } from '../../../../shared/catalog';
import { formatGstRate, isValueBasedHsn } from '../../../../shared/gst';
import { GST_RATE_CHOICES } from '../../../../shared/schemas/gst-fields';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { RichTextEditor } from '../../components/rich-text-editor';
import { adminApi } from '../../lib/admin-api';
import { ColourDot } from './colour-dot';
import { type ProductImage, ProductImages } from './product-images';
import type { CatalogueNames } from './use-catalogue-names';

type Values = {
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
};
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = [
  'title',
  'slug',
  'description',
  'price',
  'mrp',
  'categoryId',
  'brandId',
  'colorIds',
  'tags',
  'images',
  'quantity',
  'hsnCode',
  'gstRate',
];

function initialValues(product: ApiAdminProduct | null): Values {
  return {
    title: product?.title ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    mrp: product?.mrp != null ? String(product.mrp) : '',
    categoryId: product?.category._id ?? '',
    brandId: product?.brand._id ?? '',
    colorIds: product?.colors.map((c) => c._id) ?? [],
    tags: product?.tags ?? [],
    images: product?.images ?? [],
    quantity: '0',
    hsnCode: product?.hsnCode ?? '',
    gstRate: product?.gstRate != null ? String(product.gstRate) : '',
  };
}

/** "8517 · 18%", "18%", "none set" */
function taxLabel(tax: { hsnCode: string | null; gstRate: number | null } | undefined): string {
  const parts = [tax?.hsnCode, tax?.gstRate != null ? formatGstRate(tax.gstRate * 100) : null].filter(
    Boolean,
  );
  return parts.length ? parts.join(' · ') : 'none set';
}

const resolveNew = zodResolver(newProductBody);
const resolveEdit = zodResolver(productBody);

/**
 * Every field of a product but its stock (the stock panel changes that, through the ledger; a new
 * product's opening stock is the exception). Checked with the API's own schema before sending; the
 * server's answers (a taken slug, a category deleted meanwhile) show under their fields.
 */
export function ProductForm({
  product,
  names,
  onSaved,
}: {
  product: ApiAdminProduct | null;
  names: CatalogueNames;
  onSaved: (product: ApiAdminProduct, created: boolean) => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const isNew = product === null;
  // The chosen category's GST defaults, which apply where the product sets none.
  const categoryTax =
    names.categories.find((category) => category._id === values.categoryId) ??
    (product && product.category._id === values.categoryId ? product.categoryTax : undefined);

  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const toggle = (field: 'colorIds' | 'tags', value: string, on: boolean) =>
    set(field, on ? [...values[field], value] : values[field].filter((v) => v !== value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: values.title,
      slug: values.slug,
      description: values.description,
      price: values.price,
      mrp: values.mrp,
      categoryId: values.categoryId,
      brandId: values.brandId,
      colorIds: values.colorIds,
      tags: values.tags as (typeof PRODUCT_TAGS)[number][],
      images: values.images,
      hsnCode: values.hsnCode,
      gstRate: values.gstRate,
      ...(isNew ? { quantity: values.quantity } : {}),
    };
    const result = isNew ? resolveNew(body) : resolveEdit(body);
    if (Object.keys(result.errors).length) {
      const found: Errors = {};
      for (const [field, error] of Object.entries(result.errors)) found[field as Field] = error?.message;
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    try {
      const saved = isNew
        ? await adminApi.call(adminCreateProduct, { body })
        : await adminApi.call(adminUpdateProduct, { params: { id: product._id }, body });
      setErrors({});
      setValues(initialValues(saved));
      toast.success(isNew ? `Product created: ${saved.title}.` : `Saved ${saved.title}.`, {
        autoClose: 4000,
      });
      onSaved(saved, isNew);
    } catch (failure) {
      if (isApiError(failure)) {
        const found: Errors = {};
        for (const [field, message] of Object.entries(failure.fields ?? {})) {
          const name = field.split('.')[0] as Field;
          if (FIELDS.includes(name)) found[name] ??= message;
        }
        if (failure.status === 409 && /slug/i.test(failure.message)) found.slug = failure.message;
        setErrors(found);
        focusFirstError(found);
      }
      reportSubmitError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="product-form" noValidate onSubmit={submit} aria-labelledby="product-form-heading">
      <section className="panel" aria-labelledby="product-form-heading">
        <h2 id="product-form-heading">Details</h2>
        <div className="form-grid">
          <TextField
            id="product-title"
            className="span-2"
            label="Title"
            value={values.title}
            maxLength={PRODUCT_TITLE_MAX}
            required
            error={errors.title}
            onChange={(event) => set('title', event.target.value)}
          />
          <TextField
            id="product-slug"
            className="span-2"
            label="Slug (web address)"
            value={values.slug}
            maxLength={PRODUCT_SLUG_MAX}
            hint={
              <>
                The product's page is /product/<strong>{values.slug || 'made-from-the-title'}</strong>. Leave
                it empty to make one from the title.
              </>
            }
            error={errors.slug}
            onChange={(event) => set('slug', event.target.value)}
          />
          <TextField
            id="product-price"
            label="Price (₹)"
            inputMode="decimal"
            value={values.price}
            required
            error={errors.price}
            onChange={(event) => set('price', event.target.value)}
          />
          <TextField
            id="product-mrp"
            label="MRP (₹)"
            inputMode="decimal"
            value={values.mrp}
            hint="The price before the discount, struck through in the store. Leave empty when not discounted."
            error={errors.mrp}
            onChange={(event) => set('mrp', event.target.value)}
          />
          <SelectField
            id="product-categoryId"
            label="Category"
            value={values.categoryId}
            required
            error={errors.categoryId}
            onChange={(event) => set('categoryId', event.target.value)}
          >
            <option value="">Choose a category</option>
            {names.categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="product-brandId"
            label="Brand"
            value={values.brandId}
            required
            error={errors.brandId}
            onChange={(event) => set('brandId', event.target.value)}
          >
            <option value="">Choose a brand</option>
            {names.brands.map((brand) => (
              <option key={brand._id} value={brand._id}>
                {brand.title}
              </option>
            ))}
          </SelectField>
          {isNew && (
            <TextField
              id="product-quantity"
              label="Initial stock"
              inputMode="numeric"
              value={values.quantity}
              hint="Later changes go through the stock panel, so each has a reason in the ledger."
              error={errors.quantity}
              onChange={(event) => set('quantity', event.target.value)}
            />
          )}
        </div>
        <div className="span-2">
          <RichTextEditor
            label="Description"
            value={values.description}
            error={errors.description}
            hint="Headings, bold, lists and links. Anything else is removed when saved."
            onChange={(html) => set('description', html)}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby="product-tax-heading">
        <h2 id="product-tax-heading">Tax</h2>
        <p className="form-hint">
          Prices include GST. Leave these empty to use the category’s ({taxLabel(categoryTax)}); invoices
          print the HSN code and the rate.
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
          {names.colors.length === 0 ? (
            <p className="muted">No colours yet: add them under Colours first.</p>
          ) : (
            <ul className="product-choice-list">
              {names.colors.map((color) => {
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

      <section className="panel" aria-label="Pictures">
        <ProductImages
          images={values.images}
          error={errors.images}
          onChange={(images) => set('images', images)}
        />
      </section>

      <div className="form-actions product-save-bar">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : isNew ? 'Create product' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}

function focusFirstError(errors: Errors) {
  const first = FIELDS.find((field) => errors[field]);
  if (!first) return;
  const element = document.getElementById(`product-${first}`);
  (element ?? document.querySelector<HTMLElement>('.product-form [aria-invalid="true"]'))?.focus();
}
