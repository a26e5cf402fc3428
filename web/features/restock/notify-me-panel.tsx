import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { cancelNotifyMe, myRestockRequests, notifyMe } from '../../../shared/api/restock-alerts';
import type { ApiMyRestockRequests, ApiRestockRequest } from '../../../shared/api/restock-alerts.schemas';
import type { CustomerChannel } from '../../../shared/channels';
import { useErrorText } from '../../i18n/errors';
import { type Translate, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { WithMessages } from '../orders/with-messages';

/** "We'll tell you by e-mail and SMS when it's back." */
function confirmation(t: Translate, channels: readonly CustomerChannel[]): string {
  const sms = channels.includes('sms');
  const whatsapp = channels.includes('whatsapp');
  if (sms && whatsapp) return t('restock.done.all');
  if (sms) return t('restock.done.sms');
  if (whatsapp) return t('restock.done.whatsapp');
  return t('restock.done.email');
}

type Extra = 'sms' | 'whatsapp';

/** SMS and WhatsApp besides e-mail, offered only when the shopper's number is verified. */
function ChannelChoice({
  offered,
  chosen,
  busy,
  onChange,
}: {
  offered: readonly CustomerChannel[];
  chosen: readonly CustomerChannel[];
  busy: boolean;
  onChange: (channels: CustomerChannel[]) => void;
}) {
  const t = useT();
  const choosable = offered.filter((c): c is Extra => c !== 'email');
  if (choosable.length === 0) return null;
  const toggle = (channel: Extra, on: boolean) => {
    const kept = new Set(chosen.filter((c) => c !== 'email'));
    if (on) kept.add(channel);
    else kept.delete(channel);
    onChange(['email', ...choosable.filter((c) => kept.has(c))]);
  };
  return (
    <fieldset className="notify-me-channels" disabled={busy}>
      <legend>{t('restock.channels.legend')}</legend>
      <label>
        <input type="checkbox" checked disabled />
        {t('restock.channels.email')}
      </label>
      {choosable.map((channel) => (
        <label key={channel}>
          <input
            type="checkbox"
            checked={chosen.includes(channel)}
            onChange={(event) => toggle(channel, event.currentTarget.checked)}
          />
          {channel === 'sms' ? t('restock.channels.sms') : t('restock.channels.whatsapp')}
        </label>
      ))}
    </fieldset>
  );
}

/** Focus follows the change: to the cancel button once asked, back to the ask button once cancelled. */
function useFocusFollows(
  waiting: boolean | null,
  askButton: RefObject<HTMLButtonElement | null>,
  cancelButton: RefObject<HTMLButtonElement | null>,
) {
  const was = useRef<boolean | null>(null);
  useEffect(() => {
    if (waiting === null) return;
    if (was.current !== null && was.current !== waiting)
      (waiting ? cancelButton : askButton).current?.focus();
    was.current = waiting;
  }, [waiting, askButton, cancelButton]);
}

/**
 * The signed-in shopper's side of "Notify me": asks, says how they will be told, lets them choose
 * SMS or WhatsApp besides e-mail when their number is verified, and cancels.
 */
export function NotifyMePanel({
  productId,
  variantId,
  missing,
  askAtOnce,
}: {
  productId: string;
  variantId?: string | undefined;
  missing?: (() => boolean) | undefined;
  askAtOnce: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const uid = useId();
  const [mine, setMine] = useState<ApiMyRestockRequests | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  const request = mine?.requests.find(
    (r) => r.productId === productId && r.variantId === (variantId ?? null),
  );
  // A product without options is waited for as a whole, whatever variant id the page holds.
  const waiting = request ?? mine?.requests.find((r) => r.productId === productId && r.variantId === null);

  const fail = (caught: unknown) =>
    setError(isApiError(caught) ? errorText(caught.message).text : t('restock.failed'));

  const keep = (saved: ApiRestockRequest) =>
    setMine((current) =>
      current
        ? {
            ...current,
            requests: [
              ...current.requests.filter(
                (r) => r.productId !== saved.productId || r.variantId !== saved.variantId,
              ),
              saved,
            ],
          }
        : current,
    );

  async function ask(channels?: CustomerChannel[]) {
    if (missing?.()) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call(notifyMe, {
        params: { id: productId },
        body: { ...(variantId ? { variantId } : {}), ...(channels ? { channels } : {}) },
      });
      keep(answer.request);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await api.call(cancelNotifyMe, {
        params: { id: productId },
        query: waiting?.variantId ? { variantId: waiting.variantId } : {},
      });
      setMine((current) =>
        current ? { ...current, requests: current.requests.filter((r) => r.id !== waiting?.id) } : current,
      );
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(myRestockRequests, { signal: controller.signal })
      .then(setMine)
      .catch(() => setMine({ requests: [], channels: ['email'] }));
    return () => controller.abort();
  }, []);

  // Tapped while this part was loading: ask now, once, unless already waiting.
  useEffect(() => {
    if (!askAtOnce || !mine || asked.current) return;
    asked.current = true;
    if (!waiting) void ask();
  });

  useFocusFollows(mine ? Boolean(waiting) : null, askButton, cancelButton);

  const errorLine = error && (
    <p id={`${uid}-error`} className="notify-me-error" role="alert">
      {error}
    </p>
  );

  if (!waiting) {
    return (
      <>
        <button
          ref={askButton}
          type="button"
          className="button button--primary add-to-cart-button notify-me-button"
          disabled={busy || !mine}
          aria-describedby={error ? `${uid}-error` : undefined}
          onClick={() => void ask()}
        >
          {busy ? t('restock.asking') : t('product.notify.button')}
        </button>
        {errorLine}
      </>
    );
  }

  return (
    <>
      <p className="notify-me-done" role="status">
        {confirmation(t, waiting.channels)}
      </p>
      <ChannelChoice
        offered={mine?.channels ?? []}
        chosen={waiting.channels}
        busy={busy}
        onChange={(channels) => void ask(channels)}
      />
      <button
        ref={cancelButton}
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => void cancel()}
      >
        {t('restock.cancel')}
      </button>
      {errorLine}
    </>
  );
}

/** The panel with its words (the `restock` area), fetched with its code: neither is on the first load. */
export function NotifyMePanelWithWords(props: Parameters<typeof NotifyMePanel>[0]) {
  return (
    <WithMessages area="restock">
      <NotifyMePanel {...props} />
    </WithMessages>
  );
}
