import { useRef, useState } from 'react';
import { eraseMyAccount } from '../../../shared/api/data-rights';
import { PasswordField } from '../../components/forms/form-field';
import { api, isApiError } from '../../lib/api-client';
import { forgetDevice } from '../../lib/stored-customer';
import { OrderDialog } from '../orders/order-dialog';
import { setFlash } from './flash';

/**
 * "Delete my account" (right to erasure): the password again, a plain statement of what
 * goes and what the law makes the shop keep, then the device is signed out and the home page says
 * it is done. The server refuses while an order is still open, and says which.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
    setFieldError(undefined);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const submit = async () => {
    if (!password) {
      setFieldError('Enter your password to delete your account');
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      const { message } = await api.call(eraseMyAccount, { body: { currentPassword: password } });
      // The session is gone on the server; nothing of the account stays on this device either.
      forgetDevice();
      setFlash(message);
      window.location.assign('/');
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && failure.fields?.currentPassword)
        setFieldError(failure.fields.currentPassword);
      else
        setError(
          isApiError(failure)
            ? failure.message
            : "We couldn't reach the shop. Check your connection and try again.",
        );
    }
  };

  return (
    <div className="profile-delete">
      <h3>Delete my account</h3>
      <p className="form-note">
        Your name, e-mail, mobile, sign-ins, cart and wishlist are erased at once. Tax invoices of your orders
        are kept for 8 years, as the law requires.
      </p>
      <button
        ref={opener}
        type="button"
        className="button button--ghost profile-delete-button"
        onClick={() => setOpen(true)}
      >
        Delete my account
      </button>
      {open && (
        <OrderDialog
          title="Delete your account?"
          description={
            <>
              <p>This cannot be undone. At once we erase:</p>
              <ul>
                <li>your name, e-mail address and mobile number, and every sign-in;</li>
                <li>your cart, wishlist and choices about e-mails;</li>
                <li>the delivery addresses of orders that have no tax invoice.</li>
              </ul>
              <p>
                Your reviews stay, shown as “Former customer”. Indian tax law makes us keep the tax invoices
                of your orders (the name and address printed on them) for 8 years. You can sign up again with
                the same e-mail and mobile at any time.
              </p>
            </>
          }
          error={error}
          busy={busy}
          submitLabel="Delete my account"
          busyLabel="Deleting…"
          keepLabel="Keep my account"
          danger
          onSubmit={() => void submit()}
          onClose={close}
        >
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            name="currentPassword"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError}
          />
        </OrderDialog>
      )}
    </div>
  );
}
