import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import './forms.css';
import '../../lib/zod-config';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';

type FieldProps = {
  label: string;
  /** The message under the field (the form's error for it, once touched). */
  error?: string | undefined;
  /** A permanent note under the field, e.g. the password rule. */
  hint?: ReactNode;
};

/** The ids that tie an input to its hint and message, for screen readers. */
function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

/** The frame every field shares: label, the control, a permanent hint, the message under it. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  ids,
  children,
}: FieldProps & {
  className?: string | undefined;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  const shown = useErrorText()(error ?? '');
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-label" htmlFor={ids.inputId}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="form-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={ids.errorId} lang={shown.lang}>
          {shown.text}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled input with its message under it. Spread the form hook's `register(name)` into it:
 * `<TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />`.
 */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <input
        id={ids.inputId}
        className="form-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldFrame>
  );
}

/** A multi-line text field with the same label and message layout. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <textarea
        id={ids.inputId}
        className="form-input form-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A password input with a Show/Hide button (a real button, announced as pressed or not). */
export function PasswordField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'type'>) {
  const t = useT();
  const ids = useFieldIds(id, hint, error);
  const [visible, setVisible] = useState(false);
  // "Show password": the field's own label, as the sentence reads it.
  const named = { label: label.toLowerCase() };
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <div className="password-input">
        <input
          id={ids.inputId}
          className="form-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={visible}
          aria-controls={ids.inputId}
          aria-label={visible ? t('common.password.hideNamed', named) : t('common.password.showNamed', named)}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('common.password.hide') : t('common.password.show')}
        </button>
      </div>
    </FieldFrame>
  );
}

/** A labelled select with its message under it, laid out like TextField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...select
}: FieldProps & ComponentProps<'select'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <select
        id={ids.inputId}
        className="form-input form-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
