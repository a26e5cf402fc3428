import { useState } from 'react';
import { readSecuritySettings, updateSecuritySettings } from '../../../shared/api/staff';
import { reportSubmitError } from '../../components/forms/submit-error';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/** Owners: shop-wide security rules for staff. */
export default function SecuritySettingsPage() {
  const { refresh } = useStaff();
  const confirm = useConfirm();
  const settings = useAdminQuery((signal) => adminApi.call(readSecuritySettings, { signal }), []);
  const [saving, setSaving] = useState(false);

  const onToggle = async (requireTwoFactor: boolean) => {
    const ok = await confirm({
      title: requireTwoFactor ? 'Require two-factor sign-in?' : 'Make two-factor sign-in optional?',
      message: requireTwoFactor
        ? 'Staff who have not set it up can only set it up until they do; everything else in the console is closed to them.'
        : 'Staff may then sign in with a password alone.',
      confirmLabel: requireTwoFactor ? 'Require it' : 'Make it optional',
      danger: !requireTwoFactor,
    });
    if (!ok) return;
    setSaving(true);
    try {
      await adminApi.call(updateSecuritySettings, { body: { requireTwoFactor } });
      toast.success('Saved.', { autoClose: 3000 });
      settings.reload();
      await refresh();
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Security settings" />
      {settings.error && <LoadError message={settings.error} onRetry={settings.reload} />}
      <section className="panel" aria-labelledby="twofactor-heading">
        <h2 id="twofactor-heading">Two-factor sign-in for staff</h2>
        {settings.data && (
          <div className="switch-row">
            <input
              id="require-two-factor"
              type="checkbox"
              checked={settings.data.requireTwoFactor}
              disabled={saving}
              onChange={(event) => void onToggle(event.target.checked)}
            />
            <label htmlFor="require-two-factor">
              <strong>Require every staff member to use two-factor sign-in</strong>
              <br />
              <span className="muted">
                Turn it on for yourself first (My account). Staff sessions already end after 30 minutes
                without activity and 12 hours after sign-in.
              </span>
            </label>
          </div>
        )}
      </section>
    </>
  );
}
