import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { withdrawMarketingByLink } from '../../shared/api/data-rights';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { ApiWords } from '../features/accounts/api-words';
import { AuthCard } from '../features/accounts/auth-card';
import { Trans, useT } from '../i18n/i18n';
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
  const t = useT();

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
    <AuthCard title={t('account.unsubscribe.title')} intro={t('account.unsubscribe.intro')}>
      {outcome?.ok ? (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <ApiWords message={outcome.message} />
            <p>
              <Trans id="account.unsubscribe.changedMind" components={{ 0: <Link href="/my-profile" /> }} />
            </p>
          </div>
        </div>
      ) : (
        <div className="form-stack">
          {outcome && (
            <div className="form-alert" role="alert">
              <AlertIcon size={20} />
              <ApiWords message={outcome.message} />
            </div>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!hydrated || busy || !token}
            onClick={() => void stop()}
          >
            {busy ? t('account.saving') : t('account.unsubscribe.submit')}
          </button>
          {!token && (
            <p className="form-note">
              <Trans id="account.unsubscribe.incomplete" components={{ 0: <Link href="/my-profile" /> }} />
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
