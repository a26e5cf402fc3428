import { useState } from 'react';
import { resendEmailVerification } from '../../../shared/api/accounts';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** The id of the profile's "Messages and updates" section, where the mobile number is proved. */
export const MESSAGES_SECTION = 'messages';

/**
 * Whether the profile's e-mail address and mobile number are confirmed, with the way to confirm
 * the e-mail (a new link). The mobile number is proved in one place, "Messages and updates"
 * (message-channels-panel.tsx), where the code's countdown and the SMS and WhatsApp switches are:
 * this row links there.
 */
export function ContactProof({ user }: { user: ApiUser }) {
  const [busy, setBusy] = useState(false);
  const t = useT();

  const resendLink = async () => {
    setBusy(true);
    try {
      toast.success((await api.call(resendEmailVerification)).message, { autoClose: 4000 });
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('account.proof.linkNotSent'));
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
            <a className="button button--ghost proof-action" href={`#${MESSAGES_SECTION}`}>
              {t('account.proof.verifyBelow')}
            </a>
          </>
        )}
      </li>
    </ul>
  );
}
