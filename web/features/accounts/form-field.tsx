import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import './forms.css';
import './zod-config';

type FieldProps = {
  label: string;
  /** The message under the field (the form's error for it, once touched). */
  error?: string | undefined;
  /** A permanent note under the field, e.g. the password rule. */
  hint?: ReactNode;
};

function describedBy(hintId: string, errorId: string, hint: unknown, error: unknown) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A labelled input with its message under it. Spread useForm's `register(name)` (web/lib/form.ts) into it:
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
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="form-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...input}
      />
      {hint && (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
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
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className="form-input form-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...textarea}
      />
      {hint && (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
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
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="password-input">
        <input
          id={inputId}
          className="form-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId, hint, error)}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
