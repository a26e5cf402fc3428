import { useId, useState } from 'react';
import { editProfile } from '../../../shared/api/accounts';
import type { ApiUser } from '../../../shared/api/accounts.schemas';
import { isLocale, type Locale, localeNames, locales } from '../../../shared/locales';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * The language the shop writes to the customer in (orders, deliveries, refunds, codes): set from
 * the page they signed up on, changed here whatever language they browse in.
 */
export function EmailLanguage({ user, onChanged }: { user: ApiUser; onChanged: () => void }) {
  const id = useId();
  const t = useT();
  const [language, setLanguage] = useState<Locale>(user.language);
  const [busy, setBusy] = useState(false);

  const change = async (next: Locale) => {
    const before = language;
    setLanguage(next);
    setBusy(true);
    try {
      const { firstname, lastname, email, mobile } = user;
      await api.call(editProfile, { body: { firstname, lastname, email, mobile, language: next } });
      toast.success(t('account.emailLanguage.saved', { language: localeNames[next] }));
      onChanged();
    } catch (error) {
      setLanguage(before);
      toast.error(isApiError(error) ? error.message : t('account.emailLanguage.notSaved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form-field profile-email-language">
      <label className="form-label" htmlFor={id}>
        {t('account.emailLanguage.label')}
      </label>
      <select
        id={id}
        className="form-input"
        value={language}
        disabled={busy}
        aria-describedby={`${id}-note`}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLocale(value)) void change(value);
        }}
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="form-note">
        {t('account.emailLanguage.note')}
      </p>
    </div>
  );
}
