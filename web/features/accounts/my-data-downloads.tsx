import { useState } from 'react';
import { Link } from 'wouter';
import { exportMyData, exportMyOrdersCsv } from '../../../shared/api/data-rights';
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

  const download = async (kind: 'json' | 'csv') => {
    setBusy(kind);
    try {
      if (kind === 'json') await downloadFile(exportMyData.path, `my-data-${today()}.json`);
      else await downloadFile(exportMyOrdersCsv.path, `my-orders-${today()}.csv`);
      toast.success('Your download has started.');
    } catch (error) {
      toast.error(
        isApiError(error)
          ? error.message
          : 'The download did not start. Please check your connection and try again.',
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="profile-card profile-data" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">Your data</h2>
      <p className="form-note">
        Everything we hold about you: your account, sign-ins, orders, cart, wishlist, reviews and messages.
        See our <Link href="/privacy-policy">privacy policy</Link>. To have it corrected or erased, nominate
        someone, withdraw consent or complain, <Link href="/grievances">make a data request</Link>: you get a
        ticket number and an answer within 30 days.
      </p>
      <div className="profile-data-actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void download('json')}
          disabled={busy !== null}
        >
          {busy === 'json' ? 'Preparing…' : 'Download my data'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void download('csv')}
          disabled={busy !== null}
        >
          {busy === 'csv' ? 'Preparing…' : 'My orders as a spreadsheet'}
        </button>
      </div>
      <MarketingChoice />
      <DeleteAccount />
    </section>
  );
}
