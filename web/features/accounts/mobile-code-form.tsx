import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { confirmMyMobile, sendMyMobileCode } from '../../../shared/api/notifications';
import { useErrorText } from '../../i18n/errors';
import type { Translate } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { readCustomer, saveCustomer } from '../../lib/session';
import { toast } from '../../lib/toast';

/** Seconds before another code may be asked for (the server allows 3 per 15 minutes). */
const RESEND_SECONDS = 30;

/**
 * Proves the mobile number: a 6-digit code sent to it, typed (or filled in by the phone from the
 * SMS) and confirmed. Errors show at the field; a new code can be asked for after a countdown.
 */
export function MobileCodeForm({ t, onConfirmed }: { t: Translate; onConfirmed: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const shown = useErrorText()(error ?? '');

  // Focus goes to the code's field once it is on screen (after the render that shows it: a frame
  // asked for before that render found no field on a busy machine).
  const focusField = useRef(false);
  useEffect(() => {
    if (sentTo && focusField.current) {
      focusField.current = false;
      input.current?.focus();
    }
  }, [sentTo]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call(sendMyMobileCode);
      focusField.current = true;
      setSentTo(answer.sentTo);
      setCode('');
      setWait(RESEND_SECONDS);
      input.current?.focus();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('channels.codeNotSent'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('channels.codeMissing'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message } = await api.call(confirmMyMobile, { body: { code: digits } });
      toast.success(message);
      const stored = readCustomer();
      if (stored) saveCustomer({ ...stored, mobileVerified: true });
      onConfirmed();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('channels.codeNotChecked'));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  if (!sentTo) {
    return (
      <div className="channels-verify">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void send()}>
          {t('channels.verify')}
        </button>
        {error && (
          <p className="form-error" role="alert" lang={shown.lang}>
            {shown.text}
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="channels-verify channels-code" noValidate onSubmit={(event) => void confirm(event)}>
      <label htmlFor={`${id}-code`}>{t('channels.codeLabel', { to: sentTo })}</label>
      <div className="channels-code-row">
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          className="form-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('channels.confirm')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="form-error" role="alert" lang={shown.lang}>
          {shown.text}
        </p>
      )}
      <button
        type="button"
        className="button button--ghost channels-resend"
        disabled={busy || wait > 0}
        onClick={() => void send()}
      >
        {wait > 0 ? t('channels.resendIn', { seconds: wait }) : t('channels.resend')}
      </button>
    </form>
  );
}
