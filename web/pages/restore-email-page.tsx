import { useState } from 'react';
import { Link } from 'wouter';
import { restoreEmail } from '../../shared/api/accounts';
import { useRouteParams } from '../app/route-context';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { AuthCard } from '../features/accounts/auth-card';
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
        message: isApiError(error) ? error.message : 'Something went wrong! Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Restore your e-mail address"
      intro="The e-mail address of your Bharat Bazaar account was changed. If you did not make this change, put your old address back."
    >
      {outcome?.ok ? (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <p>{outcome.message}</p>
            <p>The link in that e-mail works once and for 30 minutes.</p>
          </div>
        </div>
      ) : (
        <div className="form-stack">
          <ul className="restore-steps">
            <li>Your old e-mail address becomes the account's address again.</li>
            <li>Every device signed in to the account is signed out.</li>
            <li>The current password stops working: we send a link to set a new one to your old address.</li>
          </ul>
          {outcome && (
            <div className="form-alert" role="alert">
              <AlertIcon size={20} />
              <div>
                <p>{outcome.message}</p>
                <p>
                  <Link href="/contact">Contact us</Link>
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
            {busy ? 'Restoring…' : 'Restore my e-mail address'}
          </button>
          <p className="form-note">If you changed the address yourself, you can close this page.</p>
        </div>
      )}
      <p className="auth-footer">
        <Link href="/login">Go to login</Link>
      </p>
    </AuthCard>
  );
}
