import { useState } from 'react';
import { resendEmailVerification, sendMobileCode, verifyMobile } from '../../../shared/api/accounts';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { readCustomer, saveCustomer } from '../../lib/session';
import { toast } from '../../lib/toast';

const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * Whether the profile's e-mail address and mobile number are confirmed, with the way to confirm
 * each: a new link by e-mail, a 6-digit code for the mobile (decision 029).
 */
export function ContactProof({ user, onConfirmed }: { user: ApiUser; onConfirmed: () => void }) {
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const shownError = useErrorText()(codeError ?? '');

  const resendLink = async () => {
    setBusy(true);
    try {
      toast.success((await api.call(resendEmailVerification)).message, { autoClose: 4000 });
    } catch (error) {
      toast.error(failure(error, t('account.proof.linkNotSent')));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    setBusy(true);
    try {
      const { sentTo } = await api.call(sendMobileCode);
      setCodeSentTo(sentTo);
    } catch (error) {
      toast.error(failure(error, t('account.proof.codeNotSent')));
    } finally {
      setBusy(false);
    }
  };

  const confirmCode = async () => {
    setBusy(true);
    setCodeError(null);
    try {
      toast.success((await api.call(verifyMobile, { body: { code } })).message);
      const stored = readCustomer();
      if (stored) saveCustomer({ ...stored, mobileVerified: true });
      setCodeSentTo(null);
      onConfirmed();
    } catch (error) {
      setCodeError(failure(error, t('account.proof.codeNotChecked')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ul className="contact-proof">
      <li>
        <span>{t('account.proof.email')}</span>
        {user.emailVerified ? (
          <strong className="proof-badge proof-badge--ok">{t('account.proof.confirmed')}</strong>
        ) : (
          <>
            <strong className="proof-badge">{t('account.proof.notConfirmed')}</strong>
            <button
              type="button"
              className="button button--ghost proof-action"
              disabled={busy}
              onClick={() => void resendLink()}
            >
              {t('account.proof.resendLink')}
            </button>
          </>
        )}
      </li>
      <li>
        <span>{t('account.proof.mobile')}</span>
        {user.mobileVerified ? (
          <strong className="proof-badge proof-badge--ok">{t('account.proof.confirmed')}</strong>
        ) : (
          <>
            <strong className="proof-badge">{t('account.proof.notConfirmed')}</strong>
            <button
              type="button"
              className="button button--ghost proof-action"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              {codeSentTo ? t('account.proof.sendNewCode') : t('account.proof.sendCode')}
            </button>
          </>
        )}
      </li>
      {codeSentTo && !user.mobileVerified && (
        <li className="contact-proof-code">
          <label htmlFor="mobile-code">{t('account.proof.code', { to: codeSentTo })}</label>
          <input
            id="mobile-code"
            className="form-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'mobile-code-error' : undefined}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void confirmCode()}
          >
            {t('account.proof.confirm')}
          </button>
          {codeError && (
            <p id="mobile-code-error" className="form-error" role="alert" lang={shownError.lang}>
              {shownError.text}
            </p>
          )}
        </li>
      )}
    </ul>
  );
}
