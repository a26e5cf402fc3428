import { useState } from 'react';
import { Link } from 'wouter';
import { exportMyData, exportMyOrdersCsv } from '../../../shared/api/data-rights';
import { Trans, useT } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { DeleteAccount } from './delete-account';
import { MarketingChoice } from './marketing-choice';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The customer's data rights on the profile: access (everything the shop holds about
 * them as a JSON file, and their orders as a spreadsheet; downloads go through fetch, since the
 * API wants the token), the marketing consent, and erasure.
 */
export function MyDataDownloads() {
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const t = useT();

  const download = async (kind: 'json' | 'csv') => {
    setBusy(kind);
    try {
      if (kind === 'json') await downloadFile(exportMyData.path, `my-data-${today()}.json`);
      else await downloadFile(exportMyOrdersCsv.path, `my-orders-${today()}.csv`);
      toast.success(t('account.data.started'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('account.data.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="profile-card profile-data" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">{t('account.data.title')}</h2>
      <p className="form-note">
        <Trans
          id="account.data.intro"
          components={{ 0: <Link href="/privacy-policy" />, 1: <Link href="/grievances" /> }}
        />
      </p>
      <div className="profile-data-actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void download('json')}
          disabled={busy !== null}
        >
          {busy === 'json' ? t('account.data.preparing') : t('account.data.downloadJson')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void download('csv')}
          disabled={busy !== null}
        >
          {busy === 'csv' ? t('account.data.preparing') : t('account.data.downloadCsv')}
        </button>
      </div>
      <MarketingChoice />
      <DeleteAccount />
    </section>
  );
}
