import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import './order-details.css';

/**
 * A confirmation on the order page, as a native modal <dialog>: showModal() keeps focus inside,
 * makes the page behind inert and closes on Escape (not while the request is on its way). The
 * failure message is shown inside the dialog, as a toast behind a modal would be inert; the page
 * puts focus back where it belongs when it closes.
 */
export function OrderDialog({
  title,
  description,
  error,
  errorLang,
  busy,
  submitLabel,
  busyLabel,
  keepLabel,
  closeLabel,
  danger = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The API's message, or a check that failed before sending. */
  error: string | null;
  /** `en` when the message is the server's English on a page in another language. */
  errorLang?: string | undefined;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  keepLabel: string;
  /** The close button's name; the order page's own words when not given (other pages name it). */
  closeLabel?: string;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Start at the first thing to fill in (a reason, an item), not at the close button.
    dialog?.querySelector<HTMLElement>('.order-dialog-form input, .order-dialog-form textarea')?.focus();
    return () => dialog?.close();
  }, []);

  // A new failure is read out (role=alert) and scrolled into view on a small screen.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="order-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="order-dialog-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="order-dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="order-dialog-close" onClick={onClose} disabled={busy}>
            <CloseIcon size={22} />
            <span className="visually-hidden">{closeLabel ?? t('order-actions.dialog.close')}</span>
          </button>
        </div>
        <div id={`${id}-description`} className="order-dialog-description">
          {description}
        </div>
        {children}
        <p
          ref={errorRef}
          className={`order-dialog-error${error ? ' order-dialog-error--shown' : ''}`}
          role="alert"
          lang={error ? errorLang : undefined}
        >
          {error}
        </p>
        <div className="order-dialog-actions">
          <button
            type="submit"
            className={danger ? 'button order-button--danger' : 'button button--primary'}
            disabled={busy}
          >
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {keepLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
