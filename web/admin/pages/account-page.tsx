import { useState } from 'react';
import {
  regenerateRecoveryCodes,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorSetup,
} from '../../../shared/api/staff';
import { staffRoleDescriptions, staffRoleLabels } from '../../../shared/staff-roles';
import { PasswordField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';

type Enrolment = { secret: string; otpauthUrl: string; qrSvg: string };

/** Shown once: the member copies or prints them before leaving the page. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status">
      <p>
        <strong>Your recovery codes.</strong> Each works once, in place of a code from your app, if you lose
        your phone. Keep them somewhere safe: they are not shown again.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() =>
          void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success('Copied.'))
        }
      >
        Copy codes
      </button>
    </div>
  );
}

/** Enrolling an authenticator app: its QR code or key, then a first code to prove it works. */
function EnrolmentSteps({
  enrolment,
  code,
  onCodeChange,
  working,
  onEnable,
}: {
  enrolment: Enrolment;
  code: string;
  onCodeChange: (code: string) => void;
  working: boolean;
  onEnable: () => void;
}) {
  return (
    <div className="setup-grid">
      <img
        className="qr-code"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code to add this account to an authenticator app"
      />
      <div>
        <ol>
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>
            Scan the QR code, or type this key: <span className="secret-text">{enrolment.secret}</span>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <form
          className="toolbar"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onEnable();
          }}
        >
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={working || code.trim().length < 6}
          >
            Turn on
          </button>
        </form>
      </div>
    </div>
  );
}

/** The signed-in member's own account: role, and two-factor sign-in (TOTP) with recovery codes. */
export default function AccountPage() {
  const { profile, refresh } = useStaff();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [working, setWorking] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setWorking(true);
    try {
      await work();
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setWorking(false);
    }
  };

  const start = () =>
    run(async () => {
      setEnrolment(await adminApi.call(twoFactorSetup));
      setCodes(null);
    });

  const enable = () =>
    run(async () => {
      const answer = await adminApi.call(twoFactorEnable, { body: { code } });
      setCodes(answer.recoveryCodes);
      setEnrolment(null);
      setCode('');
      toast.success('Two-factor sign-in is on.', { autoClose: 4000 });
      await refresh();
    });

  const disable = () =>
    run(async () => {
      await adminApi.call(twoFactorDisable, { body: { password } });
      setPassword('');
      setCodes(null);
      toast.success('Two-factor sign-in is off.', { autoClose: 4000 });
      await refresh();
    });

  const regenerate = () =>
    run(async () => {
      const answer = await adminApi.call(regenerateRecoveryCodes, { body: { password } });
      setPassword('');
      setCodes(answer.recoveryCodes);
      await refresh();
    });

  return (
    <>
      <PageHeader
        title="My account"
        description={`${profile.firstname} ${profile.lastname} · ${profile.email}`}
      />
      <section className="panel" aria-labelledby="role-heading">
        <h2 id="role-heading">Role</h2>
        <p>
          <strong>{staffRoleLabels[profile.role]}</strong>: {staffRoleDescriptions[profile.role]}
        </p>
        {profile.lastLoginAt && <p className="muted">Signed in {formatDayAndTime(profile.lastLoginAt)}.</p>}
      </section>

      <section className="panel" aria-labelledby="security-heading">
        <h2 id="security-heading">Two-factor sign-in</h2>
        {codes && <RecoveryCodes codes={codes} />}
        {profile.twoFactorEnabled ? (
          <>
            <p>
              <span className="badge badge--success">On</span> Signing in asks for a code from your
              authenticator app. {profile.recoveryCodesLeft} recovery{' '}
              {profile.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
            </p>
            <form
              className="toolbar"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
              }}
            >
              <PasswordField
                label="Your password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button
                type="button"
                className="button"
                disabled={working || !password}
                onClick={() => void regenerate()}
              >
                New recovery codes
              </button>
              {!profile.shopRequiresTwoFactor && (
                <button
                  type="button"
                  className="button button--danger"
                  disabled={working || !password}
                  onClick={() => void disable()}
                >
                  Turn off
                </button>
              )}
            </form>
            {profile.shopRequiresTwoFactor && (
              <p className="muted">The shop requires two-factor sign-in, so it stays on.</p>
            )}
          </>
        ) : enrolment ? (
          <EnrolmentSteps
            enrolment={enrolment}
            code={code}
            onCodeChange={setCode}
            working={working}
            onEnable={() => void enable()}
          />
        ) : (
          <>
            <p>
              <span className="badge badge--muted">Off</span> A code from your phone at each sign-in keeps the
              console safe even if your password leaks.
              {profile.mustSetUpTwoFactor && ' The shop requires it: set it up to continue.'}
            </p>
            <button
              type="button"
              className="button button--primary"
              disabled={working}
              onClick={() => void start()}
            >
              Set up two-factor sign-in
            </button>
          </>
        )}
      </section>
    </>
  );
}
