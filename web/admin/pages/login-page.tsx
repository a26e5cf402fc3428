import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { staffLogin } from '../../../shared/api/staff';
import { staffLoginBody } from '../../../shared/api/staff.schemas';
import { PasswordField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { useForm, zodResolver } from '../../lib/form';
import { adminApi } from '../lib/admin-api';
import { saveStaffToken, takeSignOutReason } from '../lib/staff-session';

type Values = z.input<typeof staffLoginBody>;

/**
 * Staff sign-in: e-mail and password, then (for staff with two-factor sign-in) the code from their
 * authenticator app or a recovery code, on the same form.
 */
export default function LoginPage() {
  const [reason] = useState(takeSignOutReason);
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(staffLoginBody),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', code: undefined },
  });

  useEffect(() => {
    document.title = 'Sign in · Console · Bharat Bazaar';
  }, []);
  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await adminApi.call(staffLogin, { body: { ...values, code: values.code || undefined } });
      if ('twoFactorRequired' in answer) {
        setNeedsCode(true);
        return;
      }
      saveStaffToken(answer.token);
    } catch (error) {
      reportSubmitError(error, setError, ['email', 'password', 'code']);
    }
  });

  return (
    <main className="console-auth">
      <div className="console-auth-card">
        <p className="console-auth-brand">Bharat Bazaar · Console</p>
        <h1>Staff sign-in</h1>
        {reason && (
          <p className="console-notice" role="status">
            {reason}
          </p>
        )}
        <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            readOnly={needsCode}
            {...register('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            readOnly={needsCode}
            {...register('password')}
          />
          {needsCode && (
            <TextField
              label="Authentication code"
              inputMode="text"
              autoComplete="one-time-code"
              hint="The 6-digit code from your authenticator app, or one of your recovery codes."
              error={errors.code?.message}
              {...register('code')}
            />
          )}
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in…' : needsCode ? 'Verify and sign in' : 'Sign in'}
          </button>
        </form>
        <p className="console-auth-note">
          Staff accounts are created by the shop's owner. Shopper accounts cannot sign in here.
        </p>
      </div>
    </main>
  );
}
