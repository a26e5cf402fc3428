import { useEffect, useId, useState } from 'react';
import { myMarketingChoice, setMyMarketingChoice } from '../../../shared/api/data-rights';
import type { ApiMarketingChoice } from '../../../shared/api/data-rights.schemas';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * Offers by e-mail: their own consent, off unless the customer turns it on, and turned
 * off here as easily (or from the link in any such e-mail). Each change is recorded with the
 * privacy notice's version.
 */
export function MarketingChoice() {
  const id = useId();
  const [choice, setChoice] = useState<ApiMarketingChoice | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(myMarketingChoice, { signal: controller.signal })
      .then(setChoice)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  const change = async (subscribed: boolean) => {
    const before = choice;
    // The box shows the new choice at once; it goes back if the shop could not save it.
    if (before) setChoice({ ...before, subscribed });
    setBusy(true);
    try {
      setChoice(await api.call(setMyMarketingChoice, { body: { subscribed } }));
      toast.success(subscribed ? t('account.marketing.on') : t('account.marketing.off'));
    } catch (error) {
      setChoice(before);
      toast.error(isApiError(error) ? error.message : t('account.marketing.notSaved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="profile-marketing">
      <input
        id={`${id}-marketing`}
        type="checkbox"
        className="profile-marketing-check"
        checked={choice?.subscribed ?? false}
        disabled={choice === null || busy}
        aria-describedby={`${id}-marketing-note`}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <label htmlFor={`${id}-marketing`}>{t('account.marketing.label')}</label>
      <p id={`${id}-marketing-note`} className="form-note">
        {failed ? t('account.marketing.failed') : t('account.marketing.note')}
      </p>
    </div>
  );
}
