import { useState } from 'react';
import { useLocation } from 'wouter';
import { resendEmailVerification } from '../../../shared/api/accounts';
import { useErrorText } from '../../i18n/errors';
import { Trans, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { readCustomer, saveCustomer, useSession } from '../../lib/session';

/** This browser session's "Not now": the reminder stays away until the next visit. */
const dismissedKey = 'verify-notice-dismissed';

/**
 * The reminder at the foot of the screen while the signed-in customer's e-mail address is not
 * confirmed: shopping works as usual, but complaints and requests sent from the address are linked
 * to the account only once it is (decision 029). "Resend the link" mails a new one.
 *
 * It floats over the page instead of taking a place in it: the server draws public pages signed
 * out, so a reminder in the flow would push the page down after it loads (layout shift).
 */
export function VerifyEmailNotice() {
  const customer = useSession();
  const [location] = useLocation();
  const [state, setState] = useState<{ busy: boolean; message?: string; failed?: boolean }>({ busy: false });
  const [dismissed, setDismissed] = useState(() => readDismissed());
  const t = useT();
  const errorText = useErrorText();
  if (customer?.emailVerified !== false || dismissed || !remindsOn(location)) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(dismissedKey, '1');
    } catch {
      // Private modes may refuse storage: the reminder then goes for this page only.
    }
    setDismissed(true);
  };

  const resend = async () => {
    setState({ busy: true });
    try {
      const { message } = await api.call(resendEmailVerification);
      setState({ busy: false, message });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Confirmed meanwhile (another tab or device): this device catches up and the notice goes.
        const stored = readCustomer();
        if (stored) saveCustomer({ ...stored, emailVerified: true });
        return;
      }
      setState({
        busy: false,
        failed: true,
        message: isApiError(error) ? error.message : t('common.verifyEmail.notSent'),
      });
    }
  };

  // The API's message in the page's language when the catalogue has it.
  const shown = state.message ? errorText(state.message) : null;

  return (
    <section className="verify-notice" aria-label={t('common.verifyEmail.label')}>
      <div className="container verify-notice-inner">
        <p>
          <Trans
            id="common.verifyEmail.text"
            values={{ email: customer.email ?? t('common.verifyEmail.yourAddress') }}
            components={{ 0: <strong />, 1: <span className="verify-notice-email" /> }}
          />
        </p>
        <button
          type="button"
          className="button button--ghost verify-notice-button"
          disabled={state.busy}
          onClick={() => void resend()}
        >
          {state.busy ? t('common.verifyEmail.sending') : t('common.verifyEmail.resend')}
        </button>
        <button type="button" className="button button--ghost verify-notice-button" onClick={dismiss}>
          {t('common.verifyEmail.notNow')}
        </button>
        {shown && (
          <p
            className={
              state.failed ? 'verify-notice-status verify-notice-status--error' : 'verify-notice-status'
            }
            role={state.failed ? 'alert' : 'status'}
            lang={shown.lang}
          >
            {shown.text}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * Not on the confirmation page (it says it all itself), nor while the shopper pays: the cart and
 * the checkout keep to the order (there, drawn after the page, the reminder was also the largest
 * thing painted, the page's LCP).
 */
function remindsOn(location: string): boolean {
  return !location.startsWith('/verify-email/') && location !== '/cart' && !location.startsWith('/checkout');
}

function readDismissed(): boolean {
  if (typeof sessionStorage === 'undefined') return false;
  try {
    return sessionStorage.getItem(dismissedKey) === '1';
  } catch {
    return false;
  }
}
