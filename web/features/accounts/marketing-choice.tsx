import { useEffect, useId, useState } from 'react';
import { myMarketingChoice, setMyMarketingChoice } from '../../../shared/api/data-rights';
import type { ApiMarketingChoice } from '../../../shared/api/data-rights.schemas';
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
      toast.success(
        subscribed
          ? 'You will receive our offers by e-mail. You can stop them here or from any such e-mail.'
          : 'You will not receive offers by e-mail any more.',
      );
    } catch (error) {
      setChoice(before);
      toast.error(isApiError(error) ? error.message : "We couldn't save your choice. Please try again.");
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
      <label htmlFor={`${id}-marketing`}>Offers by e-mail</label>
      <p id={`${id}-marketing-note`} className="form-note">
        {failed
          ? 'We could not load your choice. Please reload the page to change it.'
          : 'Sales and new arrivals, at most once a week. E-mails about your orders come either way.'}
      </p>
    </div>
  );
}
