import { useRef, useState } from 'react';
import { eraseMyAccount } from '../../../shared/api/data-rights';
import { localizePath } from '../../../shared/locales';
import { PasswordField } from '../../components/forms/form-field';
import { useErrorText } from '../../i18n/errors';
import { useLocale, useT } from '../../i18n/i18n';
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
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
    setFieldError(undefined);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const submit = async () => {
    if (!password) {
      setFieldError(t('account.delete.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      const { message } = await api.call(eraseMyAccount, { body: { currentPassword: password } });
      // The session is gone on the server; nothing of the account stays on this device either.
      forgetDevice();
      // Shown after the reload, in the page's language when the catalogue has the API's words.
      setFlash(errorText(message).text);
      window.location.assign(localizePath(locale, '/'));
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && failure.fields?.currentPassword)
        setFieldError(failure.fields.currentPassword);
      else
        setError(
          errorText(
            isApiError(failure)
              ? failure.message
              : "We couldn't reach the shop. Check your connection and try again.",
          ).text,
        );
    }
  };

  return (
    <div className="profile-delete">
      <h3>{t('account.delete.title')}</h3>
      <p className="form-note">{t('account.delete.note')}</p>
      <button
        ref={opener}
        type="button"
        className="button button--ghost profile-delete-button"
        onClick={() => setOpen(true)}
      >
        {t('account.delete.title')}
      </button>
      {open && (
        <OrderDialog
          title={t('account.delete.dialogTitle')}
          description={
            <>
              <p>{t('account.delete.undoable')}</p>
              <ul>
                <li>{t('account.delete.erase.identity')}</li>
                <li>{t('account.delete.erase.cart')}</li>
                <li>{t('account.delete.erase.addresses')}</li>
              </ul>
              <p>{t('account.delete.kept')}</p>
            </>
          }
          error={error}
          busy={busy}
          submitLabel={t('account.delete.title')}
          busyLabel={t('account.delete.busy')}
          keepLabel={t('account.delete.keep')}
          // The order page's dialog, whose own name for its close button is in the orders' words.
          closeLabel={t('account.cancel')}
          danger
          onSubmit={() => void submit()}
          onClose={close}
        >
          <PasswordField
            label={t('account.delete.passwordLabel')}
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
