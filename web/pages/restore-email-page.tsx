import { useState } from 'react';
import { Link } from 'wouter';
import { restoreEmail } from '../../shared/api/accounts';
import { useRouteParams } from '../app/route-context';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { ApiWords } from '../features/accounts/api-words';
import { AuthCard } from '../features/accounts/auth-card';
import { useT } from '../i18n/i18n';
import { api, isApiError } from '../lib/api-client';
import { clearCustomer } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import './restore-email-page.css';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The link from "Your e-mail address was changed". Opening it changes nothing (mail scanners open
 * links too); the button does: the old address comes back, every device is signed out and a link
 * to set a new password goes to the old address.
 */
export default function RestoreEmailPage() {
  const { token = '' } = useRouteParams();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const t = useT();

  const restore = async () => {
    setBusy(true);
    try {
      const { message } = await api.call(restoreEmail, { params: { token } });
      // Every session of the account has ended, this browser's too if it was signed in to it.
      clearCustomer();
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({
        ok: false,
        message: isApiError(error) ? error.message : t('account.tryAgain'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('account.restore.title')} intro={t('account.restore.intro')}>
      {outcome?.ok ? (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <ApiWords message={outcome.message} />
            <p>{t('account.restore.linkNote')}</p>
          </div>
        </div>
      ) : (
        <div className="form-stack">
          <ul className="restore-steps">
            <li>{t('account.restore.step.address')}</li>
            <li>{t('account.restore.step.signedOut')}</li>
            <li>{t('account.restore.step.password')}</li>
          </ul>
          {outcome && (
            <div className="form-alert" role="alert">
              <AlertIcon size={20} />
              <div>
                <ApiWords message={outcome.message} />
                <p>
                  <Link href="/contact">{t('account.restore.contact')}</Link>
                </p>
              </div>
            </div>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!hydrated || busy}
            onClick={() => void restore()}
          >
            {busy ? t('account.restore.restoring') : t('account.restore.submit')}
          </button>
          <p className="form-note">{t('account.restore.closeNote')}</p>
        </div>
      )}
      <p className="auth-footer">
        <Link href="/login">{t('account.goToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
