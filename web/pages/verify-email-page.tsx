import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { resendEmailVerification, verifyEmail } from '../../shared/api/accounts';
import { useRouteParams } from '../app/route-context';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { AuthCard } from '../features/accounts/auth-card';
import { api, isApiError } from '../lib/api-client';
import { readCustomer, saveCustomer, useSession } from '../lib/session';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'confirmed'; message: string }
  | { kind: 'expired' | 'invalid'; message: string };

const titles: Record<Outcome['kind'], string> = {
  checking: 'Confirming your e-mail address…',
  confirmed: 'E-mail address confirmed',
  expired: 'This link has expired',
  invalid: 'This link does not work',
};

/**
 * The link from "Confirm your e-mail address". Confirming changes nothing but the proof that the
 * address is the customer's, so the page does it as soon as it opens and says how it went: confirmed,
 * expired (a new link from here when signed in) or not valid.
 */
export default function VerifyEmailPage() {
  const { token = '' } = useRouteParams();
  const customer = useSession();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const [resent, setResent] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .call(verifyEmail, { params: { token } })
      .then(({ message }) => {
        const stored = readCustomer();
        if (stored) saveCustomer({ ...stored, emailVerified: true });
        setOutcome({ kind: 'confirmed', message });
      })
      .catch((error: unknown) => {
        const expired = isApiError(error) && error.status === 410;
        setOutcome({
          kind: expired ? 'expired' : 'invalid',
          message: isApiError(error) ? error.message : 'Something went wrong! Please try again.',
        });
      });
  }, [token]);

  const resend = async () => {
    setResent({ busy: true });
    try {
      setResent({ busy: false, message: (await api.call(resendEmailVerification)).message });
    } catch (error) {
      setResent({ busy: false, message: isApiError(error) ? error.message : 'The link could not be sent.' });
    }
  };

  return (
    <AuthCard title={titles[outcome.kind]}>
      {outcome.kind === 'checking' && (
        <p className="form-note" role="status">
          One moment while we check the link.
        </p>
      )}
      {outcome.kind === 'confirmed' && (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <p>{outcome.message}</p>
            <p>Complaints and requests you send from this address are now linked to your account.</p>
          </div>
        </div>
      )}
      {(outcome.kind === 'expired' || outcome.kind === 'invalid') && (
        <div className="form-stack">
          <div className="form-alert" role="alert">
            <AlertIcon size={20} />
            <div>
              <p>{outcome.message}</p>
            </div>
          </div>
          {customer ? (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={resent.busy}
                onClick={() => void resend()}
              >
                {resent.busy ? 'Sending…' : 'Send me a new link'}
              </button>
              {resent.message && (
                <p className="form-note" role="status">
                  {resent.message}
                </p>
              )}
            </>
          ) : (
            <p className="form-note">
              <Link href="/login">Log in</Link> to ask for a new link.
            </p>
          )}
        </div>
      )}
      <p className="auth-footer">
        <Link href="/">Continue shopping</Link>
      </p>
    </AuthCard>
  );
}
