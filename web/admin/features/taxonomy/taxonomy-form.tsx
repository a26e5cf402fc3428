import { type FormEvent, useId, useState } from 'react';
import { categoryBody, colorBody, taxonomyBody } from '../../../../shared/api/taxonomy.schemas';
import { formatGstRate } from '../../../../shared/gst';
import { GST_RATE_CHOICES } from '../../../../shared/schemas/gst-fields';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { ColorSwatch } from './color-swatch';
import type { TaxonomyConfig } from './taxonomy-kinds';
import '../../components/row-buttons.css';

/** `hsnCode` and `gstRate` (percent, as text): categories' GST defaults. */
export type TaxonomyValues = { title: string; name: string; hsnCode?: string; gstRate?: string };
type Errors = Partial<Record<keyof TaxonomyValues, string>>;
/** What is sent: a colour's name, or a category's GST defaults (null: none). */
export type TaxonomySubmit = {
  title: string;
  name?: string;
  hsnCode?: string | null;
  gstRate?: number | null;
};

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
  change: (field: keyof TaxonomyValues, value: string) => void;
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const pickerId = useId();
  const resolve = zodResolver(isColor ? colorBody : isCategory ? categoryBody : taxonomyBody);

  const change = (field: keyof TaxonomyValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = isColor
      ? { title: values.title, name: values.name }
      : isCategory
        ? { title: values.title, hsnCode: values.hsnCode ?? '', gstRate: values.gstRate ?? '' }
        : { title: values.title };
    const result = resolve(body);
    if (Object.keys(result.errors).length) {
      const found = result.errors as Record<string, { message?: string } | undefined>;
      setErrors({
        title: found.title?.message,
        name: found.name?.message,
        hsnCode: found.hsnCode?.message,
        gstRate: found.gstRate?.message,
      });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.values as TaxonomySubmit);
      setErrors({});
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.fields?.title)) {
        setErrors({ title: error.fields?.title ?? error.message });
      } else if (isApiError(error) && (error.fields?.hsnCode || error.fields?.gstRate)) {
        setErrors({ hsnCode: error.fields.hsnCode, gstRate: error.fields.gstRate });
      }
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
