import { type FormEvent, useId, useState } from 'react';
import { brandBody, categoryBody, colorBody, taxonomyBody } from '../../../../shared/api/taxonomy.schemas';
import { formatGstRate } from '../../../../shared/gst';
import { GST_RATE_CHOICES } from '../../../../shared/schemas/gst-fields';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { translatedLabel, translatedLocales, translationErrors } from '../translations/translations';
import { ColorSwatch } from './color-swatch';
import type { TaxonomyConfig } from './taxonomy-kinds';
import '../../components/row-buttons.css';

/**
 * `hsnCode` and `gstRate` (percent, as text): categories' GST defaults. `translated`: the name in
 * each other language (a colour's `name`, a brand's or category's `title`), '' for none.
 */
export type TaxonomyValues = {
  title: string;
  name: string;
  hsnCode?: string;
  gstRate?: string;
  translated?: Partial<Record<string, string>>;
};
type Errors = Partial<Record<Exclude<keyof TaxonomyValues, 'translated'>, string>> & {
  translated?: Partial<Record<string, string>>;
};
/** What is sent: a colour's name, or a category's GST defaults (null: none), and translated names. */
export type TaxonomySubmit = {
  title: string;
  name?: string;
  hsnCode?: string | null;
  gstRate?: number | null;
  translations?: Record<string, { title?: string; name?: string }>;
};

/** The translated names as a body sends them: a colour's translate its `name`, others their `title`. */
function translationsBody(isColor: boolean, translated: TaxonomyValues['translated']) {
  return Object.fromEntries(
    translatedLocales.map((code) => [code, { [isColor ? 'name' : 'title']: translated?.[code] ?? '' }]),
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A category's GST defaults, which its products take unless they set their own. */
function CategoryGstFields({
  values,
  errors,
  compact,
  change,
}: {
  values: TaxonomyValues;
  errors: Errors;
  compact: boolean;
  change: (field: Exclude<keyof TaxonomyValues, 'translated'>, value: string) => void;
}) {
  return (
    <>
      <TextField
        className="field-hsn"
        label="HSN code"
        inputMode="numeric"
        value={values.hsnCode ?? ''}
        placeholder="8517"
        autoComplete="off"
        maxLength={12}
        hint={
          compact ? undefined : 'Optional: 4, 6 or 8 digits; its products use it unless they set their own.'
        }
        error={errors.hsnCode}
        onChange={(event) => change('hsnCode', event.target.value)}
      />
      <SelectField
        className="field-rate"
        label="GST rate"
        value={values.gstRate ?? ''}
        error={errors.gstRate}
        onChange={(event) => change('gstRate', event.target.value)}
      >
        <option value="">Not set (18%)</option>
        {GST_RATE_CHOICES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {formatGstRate(rate * 100)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** What the form sends for its kind: a colour's name, a category's GST defaults, translated names. */
function bodyOf(config: TaxonomyConfig, values: TaxonomyValues) {
  const isColor = config.kind === 'color';
  // Blog categories are the blog's sections, named in English only.
  const translations =
    config.kind === 'blogcategory' ? {} : { translations: translationsBody(isColor, values.translated) };
  if (isColor) return { title: values.title, name: values.name, ...translations };
  if (config.kind === 'category') {
    return {
      title: values.title,
      hsnCode: values.hsnCode ?? '',
      gstRate: values.gstRate ?? '',
      ...translations,
    };
  }
  return { title: values.title, ...translations };
}

/** The form's rules' messages under their fields (a translated name's under the first language's). */
function errorsOf(found: Record<string, { message?: string } | undefined>): Errors {
  return {
    title: found.title?.message,
    name: found.name?.message,
    hsnCode: found.hsnCode?.message,
    gstRate: found.gstRate?.message,
    translated: found.translations?.message
      ? { [translatedLocales[0] ?? '']: found.translations.message }
      : {},
  };
}

/** The server's refusal under its field: a name taken (409), GST defaults, a translated name. */
function apiErrorsOf(error: unknown): Errors {
  if (isApiError(error) && (error.status === 409 || error.fields?.title)) {
    return { title: error.fields?.title ?? error.message };
  }
  if (isApiError(error) && (error.fields?.hsnCode || error.fields?.gstRate)) {
    return { hsnCode: error.fields.hsnCode, gstRate: error.fields.gstRate };
  }
  const translated = translationErrors(error);
  return {
    translated: Object.fromEntries(
      Object.entries(translated).map(([field, message]) => [field.split('.')[1], message]),
    ),
  };
}

/** The name in each other language, marked with its language. */
function TranslatedNames({
  values,
  errors,
  compact,
  maxLength,
  change,
}: {
  values: TaxonomyValues;
  errors: Errors;
  compact: boolean;
  maxLength: number;
  change: (code: string, value: string) => void;
}) {
  return translatedLocales.map((code) => (
    <TextField
      key={code}
      className="grow field-translated"
      label={translatedLabel(code, 'name')}
      lang={code}
      value={values.translated?.[code] ?? ''}
      autoComplete="off"
      maxLength={maxLength}
      hint={compact ? undefined : 'Optional: without it the English name is shown.'}
      error={errors.translated?.[code]}
      onChange={(event) => change(code, event.target.value)}
    />
  ));
}

/**
 * The fields of a brand, category, blog category (a name) or colour (a value with a picker, and a
 * name), for adding one or renaming it in its row. Checked with the API's own schema; the server's
 * 409 (the name is taken) shows under the field.
 */
export function TaxonomyForm({
  config,
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  compact = false,
}: {
  config: TaxonomyConfig;
  initial: TaxonomyValues;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; throws the API's error otherwise. */
  onSubmit: (values: TaxonomySubmit) => Promise<void>;
  onCancel?: () => void;
  compact?: boolean;
}) {
  const isColor = config.kind === 'color';
  const isCategory = config.kind === 'category';
  // Blog categories are the blog's sections, named in English only.
  const translatable = config.kind !== 'blogcategory';
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const pickerId = useId();
  // Each kind's own body (a brand's has translations; a blog category's only its title).
  const resolve = zodResolver(
    isColor ? colorBody : isCategory ? categoryBody : config.kind === 'brand' ? brandBody : taxonomyBody,
  );

  const change = (field: Exclude<keyof TaxonomyValues, 'translated'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeTranslated = (code: string, value: string) => {
    setValues((current) => ({ ...current, translated: { ...current.translated, [code]: value } }));
    if (errors.translated?.[code]) setErrors((current) => ({ ...current, translated: {} }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(config, values);
    const result = resolve(body);
    if (Object.keys(result.errors).length) {
      setErrors(errorsOf(result.errors as Record<string, { message?: string } | undefined>));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.values as TaxonomySubmit);
      setErrors({});
    } catch (error) {
      setErrors(apiErrorsOf(error));
      reportSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={compact ? 'taxonomy-form taxonomy-form--compact' : 'taxonomy-form'}
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      {isColor && (
        <div className="form-field color-picker-field">
          <label className="form-label" htmlFor={pickerId}>
            Colour
          </label>
          <input
            id={pickerId}
            type="color"
            className="color-picker"
            value={HEX.test(values.title) ? values.title.toLowerCase() : '#000000'}
            onChange={(event) => change('title', event.target.value)}
          />
        </div>
      )}
      <TextField
        className={isColor ? 'grow field-hex' : 'grow'}
        label={compact ? `New ${config.titleLabel.toLowerCase()}` : config.titleLabel}
        value={values.title}
        placeholder={isColor ? '#1f2937' : undefined}
        autoComplete="off"
        autoFocus={compact}
        maxLength={isColor ? 7 : 80}
        error={errors.title}
        onChange={(event) => change('title', event.target.value)}
      />
      {isColor && (
        <TextField
          className="grow field-name"
          label={compact ? 'Name' : 'Name shoppers see'}
          value={values.name}
          placeholder="Graphite"
          autoComplete="off"
          maxLength={40}
          hint={compact ? undefined : 'Optional: without a name the value is shown.'}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
      )}
      {translatable && (
        <TranslatedNames
          values={values}
          errors={errors}
          compact={compact}
          maxLength={isColor ? 40 : 80}
          change={changeTranslated}
        />
      )}
      {isCategory && <CategoryGstFields values={values} errors={errors} compact={compact} change={change} />}
      {isColor && !compact && HEX.test(values.title) && (
        <span className="color-preview">
          <ColorSwatch value={values.title} size="large" />
        </span>
      )}
      <div className="taxonomy-form-actions">
        <button
          type="submit"
          className={compact ? 'button button--primary button--small' : 'button button--primary'}
          disabled={busy}
        >
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className={compact ? 'button button--small button--plain' : 'button button--plain'}
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
