import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { confirmCashOnDelivery, resendCashOnDeliveryCode } from '../../../shared/api/orders';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useHydrated } from '../../lib/use-hydrated';
import { useApiText } from '../checkout/api-messages';
import { unknownFailure } from './order-words';
import './cod-confirmation.css';

/** Minutes until `at`, rounded up (1 in the last minute), or 0 once it has passed. */
export function minutesLeft(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 60_000));
}

/** Whole seconds until `at` (null: never), 0 once it has passed. */
export function secondsUntil(at: string | null, now: number): number {
  return at === null ? 0 : Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
}

/**
 * The clock, read again every `everyMs` while the panel is shown (each second while a new code
 * is counted down, else every 20 s); null until hydrated (no mismatch with the server's HTML).
 */
function useNow(everyMs: number): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return hydrated ? now : null;
}

/** Where the code went, for how much, and until when it can be confirmed (or that it is too late). */
function CodDeadline({
  cod,
  left,
  lapsed,
}: {
  cod: NonNullable<ApiMyOrder['cod']>;
  /** Minutes left; null until hydrated. */
  left: number | null;
  lapsed: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <p className="cod-confirm-lead">
        <Trans
          id="order.cod.lead"
          values={{ to: cod.sentTo, amount: formatRupees(cod.amountDue) }}
          components={{ 0: <strong className="cod-confirm-to" />, 1: <strong /> }}
        />
      </p>
      <p className={`cod-confirm-time${lapsed ? ' cod-confirm-time--over' : ''}`}>
        {lapsed ? (
          t('order.cod.lapsed')
        ) : (
          <Trans
            id="order.cod.confirmBy"
            values={{
              time: formatDayAndTime(cod.confirmBy, locale),
              left: left === null ? '' : ` (${t('order.cod.left', { minutes: left })})`,
            }}
            components={{ 0: <time dateTime={cod.confirmBy} />, 1: <span className="cod-confirm-left" /> }}
          />
        )}
      </p>
    </>
  );
}

/**
 * A cash-on-delivery order waiting for its one-time code: where the code went, until when
 * it can be confirmed (India time, and the minutes left), the code field and "Send a new code". The
 * server checks the code; its refusals (wrong code with the tries left, expired, too many tries)
 * show under the field, which takes the focus again; a 429 on resending says how long to wait.
 *
 * The field is written out rather than taken from components/forms: that module brings zod's
 * configuration, and with it zod, into the order page's first load (decision 006).
 */
export function CodConfirmation({
  order,
  onConfirmed,
  onChanged,
  onClosed,
}: {
  order: ApiMyOrder & { cod: NonNullable<ApiMyOrder['cod']> };
  /** The code was right: the order as it is now (placed). */
  onConfirmed: (order: ApiMyOrder) => void;
  /** A new code was sent: the order as it is now. */
  onChanged: (order: ApiMyOrder) => void;
  /** The order can no longer be confirmed (lapsed, cancelled meanwhile): load it again. */
  onClosed: () => void;
}) {
  const t = useT();
  const apiText = useApiText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<{ ok: boolean; text: string } | null>(null);
  // The server sends a new code at most once a minute: the button counts down to it.
  const [counting, setCounting] = useState(true);
  const now = useNow(counting ? 1000 : 20_000);
  const left = now === null ? null : minutesLeft(order.cod.confirmBy, now);
  const wait = now === null ? 0 : secondsUntil(order.cod.nextCodeAt, now);
  useEffect(() => setCounting(wait > 0), [wait]);
  const lapsed = left === 0;

  const failed = (failure: unknown) => {
    if (isApiError(failure) && failure.status === 409) onClosed();
    return isApiError(failure) ? (failure.fields?.code ?? failure.message) : unknownFailure(t);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy('confirm');
    setError(null);
    try {
      onConfirmed(
        await api.call(confirmCashOnDelivery, { params: { id: order._id }, body: { code: code.trim() } }),
      );
    } catch (failure) {
      setError(failed(failure));
      setBusy(null);
      // The message is the field's description: focus reads it out, and the code is ready to retype.
      requestAnimationFrame(() => input.current?.select());
      input.current?.focus();
    }
  };

  const resend = async () => {
    setBusy('resend');
    setResent(null);
    try {
      const updated = await api.call(resendCashOnDeliveryCode, { params: { id: order._id } });
      setError(null);
      setCode('');
      setResent({
        ok: true,
        text: t('order.cod.resent', { to: updated.cod?.sentTo ?? order.cod.sentTo }),
      });
      onChanged(updated);
      input.current?.focus();
    } catch (failure) {
      setResent({ ok: false, text: failed(failure) });
    } finally {
      setBusy(null);
    }
  };

  const shownError = error ? apiText(error) : null;
  const shownNote = resent ? apiText(resent.text) : null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <section
      className="order-panel cod-confirm"
      aria-labelledby={`${id}-title`}
      data-testid="cod-confirmation"
    >
      <h2 id={`${id}-title`} className="order-panel-title">
        {t('order.cod.title')}
      </h2>
      <CodDeadline cod={order.cod} left={left} lapsed={lapsed} />
      <form className="cod-confirm-form" noValidate onSubmit={(event) => void confirm(event)}>
        <div className="form-field cod-confirm-field">
          <label className="form-label" htmlFor={`${id}-code`}>
            {t('order.cod.code')}
          </label>
          <input
            ref={input}
            id={`${id}-code`}
            name="code"
            className="form-input cod-confirm-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            disabled={lapsed}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <p className="form-hint" id={hintId}>
            {t('order.cod.hint', { number: order.orderNumber })}
          </p>
          {shownError && (
            <p className="form-error" id={errorId} lang={shownError.lang}>
              {shownError.text}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="button button--primary cod-confirm-submit"
          disabled={busy !== null || lapsed}
        >
          {busy === 'confirm' ? t('order.cod.confirming') : t('order.cod.confirm')}
        </button>
      </form>
      <div className="cod-confirm-resend">
        <span>{t('order.cod.notGot')}</span>
        <button
          type="button"
          className="button button--ghost"
          disabled={!order.allowed.resendCode || wait > 0 || busy !== null || lapsed}
          onClick={() => void resend()}
        >
          {busy === 'resend'
            ? t('order.cod.sending')
            : wait > 0
              ? t('order.cod.resendIn', { seconds: wait })
              : t('order.cod.resend')}
        </button>
      </div>
      <p
        className={`cod-confirm-note${resent && !resent.ok ? ' cod-confirm-note--problem' : ''}`}
        role="status"
        lang={shownNote?.lang}
      >
        {shownNote?.text}
      </p>
    </section>
  );
}
