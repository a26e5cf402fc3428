import { useState } from 'react';
import { resendEmailVerification, sendMobileCode, verifyMobile } from '../../../shared/api/accounts';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
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

  const resendLink = async () => {
    setBusy(true);
    try {
      toast.success((await api.call(resendEmailVerification)).message, { autoClose: 4000 });
    } catch (error) {
      toast.error(failure(error, 'The link could not be sent. Please try again.'));
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
      toast.error(failure(error, 'The code could not be sent. Please try again.'));
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
      setCodeError(failure(error, 'The code could not be checked. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ul className="contact-proof">
      <li>
        <span>E-mail address</span>
        {user.emailVerified ? (
          <strong className="proof-badge proof-badge--ok">Confirmed</strong>
        ) : (
          <>
            <strong className="proof-badge">Not confirmed</strong>
            <button
              type="button"
              className="button button--ghost proof-action"
              disabled={busy}
              onClick={() => void resendLink()}
            >
              Resend the link
            </button>
          </>
        )}
      </li>
      <li>
        <span>Mobile number</span>
        {user.mobileVerified ? (
          <strong className="proof-badge proof-badge--ok">Confirmed</strong>
        ) : (
          <>
            <strong className="proof-badge">Not confirmed</strong>
            <button
              type="button"
              className="button button--ghost proof-action"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              {codeSentTo ? 'Send a new code' : 'Send a code'}
            </button>
          </>
        )}
      </li>
      {codeSentTo && !user.mobileVerified && (
        <li className="contact-proof-code">
          <label htmlFor="mobile-code">Code sent to {codeSentTo}</label>
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
            Confirm
          </button>
          {codeError && (
            <p id="mobile-code-error" className="form-error" role="alert">
              {codeError}
            </p>
          )}
        </li>
      )}
    </ul>
  );
}
