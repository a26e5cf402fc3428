import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red button: deleting, revoking, blocking. */
  danger?: boolean;
};

type Pending = ConfirmOptions & { resolve: (ok: boolean) => void };

const ConfirmContext = createContext<(options: ConfirmOptions) => Promise<boolean>>(async () => false);

/**
 * One modal <dialog> for the whole console: `await confirm({...})` resolves true when confirmed.
 * The native dialog focuses its first button (Cancel: the safe choice), traps focus, closes on
 * Escape (= cancel) and returns focus where it was.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ ...options, resolve })),
    [],
  );

  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [pending]);

  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
    dialog.current?.close();
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="confirm-title"
        onCancel={(event) => {
          event.preventDefault();
          close(false);
        }}
      >
        {pending && (
          <form
            method="dialog"
            onSubmit={(event) => {
              event.preventDefault();
              close(true);
            }}
          >
            <h2 id="confirm-title">{pending.title}</h2>
            <div className="confirm-message">{pending.message}</div>
            <div className="confirm-actions">
              <button type="button" className="button" onClick={() => close(false)}>
                Cancel
              </button>
              <button
                type="submit"
                className={pending.danger ? 'button button--danger' : 'button button--primary'}
              >
                {pending.confirmLabel}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm() {
  return useContext(ConfirmContext);
}
