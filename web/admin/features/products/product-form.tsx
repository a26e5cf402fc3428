import { type FormEvent, useState } from 'react';
import { adminCreateProduct, adminUpdateProduct } from '../../../../shared/api/catalog-admin';
import {
  type ApiAdminProduct,
  newProductBody,
  PRODUCT_SLUG_MAX,
  productBody,
} from '../../../../shared/api/catalog-admin.schemas';
import type { PRODUCT_TAGS } from '../../../../shared/catalog';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { adminApi } from '../../lib/admin-api';
import { translatedLocales, translationErrors, translationTexts } from '../translations/translations';
import { type Errors, type Field, OptionsSection, TaxSection, type Values } from './product-form-fields';
import { ProductImages } from './product-images';
import { DescriptionRow, TitleRow, type TranslatedField } from './product-text-fields';
import type { CatalogueNames } from './use-catalogue-names';

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
    translations: translationTexts(['title', 'description'], product?.translations),
  };
}

const resolveNew = zodResolver(newProductBody);
const resolveEdit = zodResolver(productBody);

/** The form's values and errors, and saving them: checked here first, then by the server. */
function useProductForm(
  product: ApiAdminProduct | null,
  names: CatalogueNames,
  onSaved: (product: ApiAdminProduct, created: boolean) => void,
) {
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [errors, setErrors] = useState<Errors>({});
  // The translated fields' messages, by `translations.<code>.<field>` as the API names them.
  const [translationProblems, setTranslationProblems] = useState<Record<string, string>>({});
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

  const setTranslation = (
    code: (typeof translatedLocales)[number],
    field: TranslatedField,
    value: string,
  ) => {
    setValues((current) => ({
      ...current,
      translations: { ...current.translations, [code]: { ...current.translations[code], [field]: value } },
    }));
    const key = `translations.${code}.${field}`;
    if (translationProblems[key]) setTranslationProblems(({ [key]: _, ...rest }) => rest);
  };

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
      // Every language's text, empty ones too: emptying a field removes it, so the English shows.
      translations: values.translations,
      ...(isNew ? { quantity: values.quantity } : {}),
    };
    const result = isNew ? resolveNew(body) : resolveEdit(body);
    if (Object.keys(result.errors).length) {
      const found: Errors = {};
      for (const [field, error] of Object.entries(result.errors)) found[field as Field] = error?.message;
      setErrors(found);
      // The form's rules name a translated field's problem in their message; it shows under the title.
      if (found.translations) {
        setTranslationProblems({ [`translations.${translatedLocales[0]}.title`]: found.translations });
      }
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
        const translated = translationErrors(failure);
        setTranslationProblems(translated);
        focusFirstError(found);
        // Only a translated field at fault (a Hindi description too long): that field, then.
        const [first] = Object.keys(translated);
        if (first && Object.keys(found).length === 0) {
          const [, code, field] = first.split('.');
          document.getElementById(`product-${field}-${code}`)?.focus();
        }
      }
      reportSubmitError(failure);
    } finally {
      setBusy(false);
    }
  };
  return {
    values,
    errors,
    translationProblems,
    busy,
    isNew,
    categoryTax,
    set,
    setTranslation,
    submit,
  };
}

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
  const { values, errors, translationProblems, busy, isNew, categoryTax, set, setTranslation, submit } =
    useProductForm(product, names, onSaved);
  const texts = {
    values,
    errors,
    problem: (code: string, field: TranslatedField) => translationProblems[`translations.${code}.${field}`],
    setTitle: (value: string) => set('title', value),
    setDescription: (html: string) => set('description', html),
    setTranslation,
  };

  return (
    <form className="product-form" noValidate onSubmit={submit} aria-labelledby="product-form-heading">
      <section className="panel" aria-labelledby="product-form-heading">
        <h2 id="product-form-heading">Details</h2>
        <TitleRow {...texts} />
        <div className="form-grid">
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
        <DescriptionRow {...texts} />
      </section>

      <TaxSection values={values} errors={errors} set={set} categoryTax={categoryTax} />
      <OptionsSection values={values} errors={errors} set={set} colors={names.colors} />

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
