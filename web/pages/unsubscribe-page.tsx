import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { withdrawMarketingByLink } from '../../shared/api/data-rights';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { AuthCard } from '../features/accounts/auth-card';
import { api, isApiError } from '../lib/api-client';
import { useHydrated } from '../lib/use-hydrated';

type Outcome = { ok: boolean; message: string };

/**
 * The link at the foot of every marketing e-mail: one click, no sign-in. Opening the
 * page changes nothing (mail scanners open links too); the button does. Mail programs that offer
 * their own "Unsubscribe" post to the API directly (RFC 8058).
 */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const stop = async () => {
    setBusy(true);
    try {
      const { message } = await api.call(withdrawMarketingByLink, { query: { token } });
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({
        ok: false,
        message: isApiError(error)
          ? error.message
          : "We couldn't reach the shop. Check your connection and try again.",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Stop offers by e-mail"
      intro="You will still get e-mails about your orders, refunds and account."
    >
      {outcome?.ok ? (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <p>{outcome.message}</p>
            <p>
              Changed your mind? Turn “Offers by e-mail” on again on{' '}
              <Link href="/my-profile">your profile</Link>.
            </p>
          </div>
        </div>
      ) : (
        <div className="form-stack">
          {outcome && (
            <div className="form-alert" role="alert">
              <AlertIcon size={20} />
              <p>{outcome.message}</p>
            </div>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!hydrated || busy || !token}
            onClick={() => void stop()}
          >
            {busy ? 'Saving…' : 'Stop offers by e-mail'}
          </button>
          {!token && (
            <p className="form-note">
              This link is incomplete. Open the whole link from the e-mail, or turn offers off on{' '}
              <Link href="/my-profile">your profile</Link>.
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
