import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import { loadArea } from '../../i18n/catalogues';
import { createI18n, type Translate, useLocale, useT } from '../../i18n/i18n';
import { MESSAGES_SECTION } from './contact-proof';
import type { ChannelsPanelProps } from './message-channels-panel';

type Loaded = { Panel: ComponentType<ChannelsPanelProps>; t: Translate };

/**
 * The profile's "Messages and updates": e-mail, SMS and WhatsApp with their switches and the
 * mobile number's verification. Its code and words (the `channels` area) load when the section
 * comes near the screen (it is below the fold), outside the profile's first load; what it shows
 * comes from the API after the page loads anyway.
 */
export function MessageChannels({ user, onConfirmed }: { user: ApiUser; onConfirmed: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [near, setNear] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near) return;
    let live = true;
    Promise.all([import('./message-channels-panel'), loadArea(locale, 'channels')])
      .then(([panel, messages]) => {
        const i18n = createI18n(locale, messages);
        if (live) setLoaded({ Panel: panel.ChannelsPanel, t: (key, values) => i18n._(key, values) });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [near, locale]);

  return (
    <section
      ref={ref}
      id={MESSAGES_SECTION}
      className="profile-card profile-channels"
      aria-labelledby="profile-channels-title"
    >
      <h2 id="profile-channels-title">{t('account.channels.title')}</h2>
      {loaded ? (
        <loaded.Panel user={user} t={loaded.t} onConfirmed={onConfirmed} />
      ) : (
        <p className="form-note" role={failed ? 'alert' : undefined}>
          {failed ? t('account.channels.failed') : t('account.channels.loading')}
        </p>
      )}
    </section>
  );
}
