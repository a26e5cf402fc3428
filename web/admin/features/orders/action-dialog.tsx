import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal <dialog> holding one form (ship, cancel, refund, a return decision). Like the console's
 * confirmation it traps focus, closes on Escape and returns focus where it was; unlike it, it keeps
 * what staff typed and shows the API's refusal inside itself: a toast would sit under the modal's
 * backdrop, and a 409 ("already shipped", "only ₹500 left to refund") is exactly what they must read.
 */
export function ActionDialog({
  title,
  open,
  onClose,
  onSubmit,
  submitLabel,
  closeLabel = 'Cancel',
  busy,
  error,
  danger,
  wide,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** The button that closes without doing anything ("Keep the order" beside "Cancel order"). */
  closeLabel?: string;
  busy: boolean;
  /** The API's message for the last attempt, shown as an alert above the buttons. */
  error: string | null;
  danger?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={wide ? 'confirm-dialog action-dialog action-dialog--wide' : 'confirm-dialog action-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <form noValidate onSubmit={onSubmit}>
          <h2 id={titleId}>{title}</h2>
          <div className="action-dialog-body">{children}</div>
          {error && (
            <p className="action-dialog-error" role="alert">
              {error}
            </p>
          )}
          <div className="confirm-actions">
            <button type="button" className="button" disabled={busy} onClick={onClose}>
              {closeLabel}
            </button>
            <button
              type="submit"
              className={danger ? 'button button--danger' : 'button button--primary'}
              disabled={busy}
            >
              {busy ? 'Working…' : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
