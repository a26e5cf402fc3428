import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { resendEmailVerification, verifyEmail } from '../../shared/api/accounts';
import { useRouteParams } from '../app/route-context';
import { AlertIcon, CheckCircleIcon } from '../components/ui/icons';
import { ApiWords } from '../features/accounts/api-words';
import { AuthCard } from '../features/accounts/auth-card';
import { Trans, useT } from '../i18n/i18n';
import { api, isApiError } from '../lib/api-client';
import { readCustomer, saveCustomer, useSession } from '../lib/session';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'confirmed'; message: string }
  /** The API's message; null when it could not be reached. */
  | { kind: 'expired' | 'invalid'; message: string | null };

const titles: Record<Outcome['kind'], string> = {
  checking: 'account.verify.title.checking',
  confirmed: 'account.verify.title.confirmed',
  expired: 'account.verify.title.expired',
  invalid: 'account.verify.title.invalid',
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
  const t = useT();

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
          message: isApiError(error) ? error.message : null,
        });
      });
  }, [token]);

  const resend = async () => {
    setResent({ busy: true });
    try {
      setResent({ busy: false, message: (await api.call(resendEmailVerification)).message });
    } catch (error) {
      setResent({ busy: false, message: isApiError(error) ? error.message : t('account.verify.notSent') });
    }
  };

  return (
    <AuthCard title={t(titles[outcome.kind])}>
      {outcome.kind === 'checking' && (
        <p className="form-note" role="status">
          {t('account.verify.checking')}
        </p>
      )}
      {outcome.kind === 'confirmed' && (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <ApiWords message={outcome.message} />
            <p>{t('account.verify.linked')}</p>
          </div>
        </div>
      )}
      {(outcome.kind === 'expired' || outcome.kind === 'invalid') && (
        <div className="form-stack">
          <div className="form-alert" role="alert">
            <AlertIcon size={20} />
            <div>
              <ApiWords message={outcome.message ?? t('account.tryAgain')} />
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
                {resent.busy ? t('account.sending') : t('account.verify.sendNew')}
              </button>
              {resent.message && <ApiWords className="form-note" role="status" message={resent.message} />}
            </>
          ) : (
            <p className="form-note">
              <Trans id="account.verify.logIn" components={{ 0: <Link href="/login" /> }} />
            </p>
          )}
        </div>
      )}
      <p className="auth-footer">
        <Link href="/">{t('account.continueShopping')}</Link>
      </p>
    </AuthCard>
  );
}
