import { useEffect, useId, useState } from 'react';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import { myNotifications, setMyNotifications } from '../../../shared/api/notifications';
import type { ApiNotifications } from '../../../shared/api/notifications.schemas';
import { useErrorText } from '../../i18n/errors';
import type { Translate } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { MobileCodeForm } from './mobile-code-form';
import './message-channels.css';

export type ChannelsPanelProps = { user: ApiUser; t: Translate; onConfirmed: () => void };

type Phone = 'sms' | 'whatsapp';
type Switch = 'orders' | 'offers';

function Badge({ verified, t }: { verified: boolean; t: Translate }) {
  return verified ? (
    <strong className="proof-badge proof-badge--ok">{t('channels.verified')}</strong>
  ) : (
    <strong className="proof-badge">{t('channels.notVerified')}</strong>
  );
}

/** A channel's name, where it goes and whether that is proved. */
function ChannelHead({
  name,
  to,
  verified,
  t,
}: {
  name: string;
  to: string;
  verified: boolean;
  t: Translate;
}) {
  return (
    <div className="channel-head">
      <h3>{name}</h3>
      <span className="channel-to">{to}</span>
      <Badge verified={verified} t={t} />
    </div>
  );
}

/** The e-mail address's choices, shown here and changed where they always were ("Your data"). */
function EmailChannel({ channels, t }: { channels: ApiNotifications; t: Translate }) {
  return (
    <li className="channel">
      <ChannelHead
        name={t('channels.email')}
        to={channels.email.to}
        verified={channels.email.verified}
        t={t}
      />
      <p className="form-note">{t('channels.emailOrders')}</p>
      <p className="form-note">
        {channels.email.offers ? t('channels.emailOffersOn') : t('channels.emailOffersOff')}
      </p>
    </li>
  );
}

/**
 * Order updates and offers on SMS and WhatsApp, and the mobile number's verification: the switches
 * are real checkboxes (role `switch`), saved as soon as changed; locked until the number is proved.
 */
export function ChannelsPanel({ user, t, onConfirmed }: ChannelsPanelProps) {
  const id = useId();
  const [channels, setChannels] = useState<ApiNotifications | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the number or its proof changes (an edited profile, a confirmed code).
  useEffect(() => {
    const controller = new AbortController();
    api
      .call(myNotifications, { signal: controller.signal })
      .then(setChannels)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [user.mobile, user.mobileVerified, user.email]);

  if (!channels) {
    return failed ? (
      <p className="form-error" role="alert">
        {t('channels.loadFailed')}
      </p>
    ) : null;
  }

  const change = async (channel: Phone, key: Switch, on: boolean) => {
    const before = channels;
    const body = {
      sms: { orders: before.sms.orders, offers: before.sms.offers },
      whatsapp: { orders: before.whatsapp.orders, offers: before.whatsapp.offers },
    };
    body[channel][key] = on;
    // The switch shows the new choice at once; it goes back if the shop could not save it.
    setChannels({ ...before, [channel]: { ...before[channel], [key]: on } });
    setBusy(true);
    try {
      setChannels(await api.call(setMyNotifications, { body }));
      toast.success(t('channels.saved'));
    } catch (error) {
      setChannels(before);
      const shown = errorText(isApiError(error) ? error.message : t('channels.notSaved'));
      toast.error(shown.text);
    } finally {
      setBusy(false);
    }
  };

  const verified = channels.sms.verified;
  const lockedNote = `${id}-locked`;
  const phoneChannel = (channel: Phone) => (
    <li className="channel" key={channel}>
      <ChannelHead name={t(`channels.${channel}`)} to={channels[channel].to} verified={verified} t={t} />
      <div className="channel-switches">
        {(['orders', 'offers'] as const).map((key) => (
          <div className="channel-switch" key={key}>
            <input
              id={`${id}-${channel}-${key}`}
              type="checkbox"
              role="switch"
              checked={channels[channel][key]}
              aria-checked={channels[channel][key]}
              disabled={!verified || busy}
              aria-describedby={verified ? undefined : lockedNote}
              onChange={(event) => void change(channel, key, event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-${channel}-${key}`}>{t(`channels.${key}`)}</label>
          </div>
        ))}
      </div>
    </li>
  );

  return (
    <>
      <p className="form-note">{t('channels.intro')}</p>
      <ul className="channel-list">
        <EmailChannel channels={channels} t={t} />
        {phoneChannel('sms')}
        {phoneChannel('whatsapp')}
      </ul>
      {!verified && (
        <div className="channels-unverified">
          <p id={lockedNote} className="form-note">
            {t('channels.confirmFirst')}
          </p>
          <MobileCodeForm t={t} onConfirmed={onConfirmed} />
        </div>
      )}
    </>
  );
}
