import { useEffect } from 'react';
import type * as z from 'zod/mini';
import { acceptInvite, readInvite } from '../../../shared/api/staff';
import {
  acceptInvite as acceptInviteSchemas,
  STAFF_PASSWORD_MIN_LENGTH,
} from '../../../shared/api/staff.schemas';
import { staffRoleDescriptions, staffRoleLabels } from '../../../shared/staff-roles';
import { PasswordField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { useForm, zodResolver } from '../../lib/form';
import { LoadError } from '../components/load-error';
import { adminApi } from '../lib/admin-api';
import { saveStaffToken } from '../lib/staff-session';
import { useAdminQuery } from '../lib/use-admin-query';

type Values = z.input<typeof acceptInviteSchemas.body>;

/** Where an invitation link lands: choose a name and a password, and the console opens. */
export default function AcceptInvitePage({ token }: { token: string }) {
  const invite = useAdminQuery((signal) => adminApi.call(readInvite, { params: { token }, signal }), [token]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(acceptInviteSchemas.body),
    mode: 'onTouched',
    defaultValues: { firstname: '', lastname: '', password: '' },
  });
  useEffect(() => {
    document.title = 'Join the staff · Console · Bharat Bazaar';
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const signedIn = await adminApi.call(acceptInvite, { params: { token }, body: values });
      // Straight into the console, at its start page.
      window.history.replaceState(null, '', '/admin');
      saveStaffToken(signedIn.token);
    } catch (error) {
      reportSubmitError(error, setError, ['firstname', 'lastname', 'password']);
    }
  });

  return (
    <main className="console-auth">
      <div className="console-auth-card">
        <p className="console-auth-brand">Bharat Bazaar · Console</p>
        <h1>Join the staff</h1>
        {invite.error ? (
          <LoadError message={invite.error} />
        ) : !invite.data ? (
          <p aria-busy="true">Checking your invitation…</p>
        ) : (
          <>
            <p>
              You are invited as <strong>{staffRoleLabels[invite.data.role]}</strong> (
              {staffRoleDescriptions[invite.data.role].toLowerCase()}) with the address{' '}
              <strong>{invite.data.email}</strong>.
            </p>
            <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
              <TextField
                label="First name"
                autoComplete="given-name"
                error={errors.firstname?.message}
                {...register('firstname')}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                error={errors.lastname?.message}
                {...register('lastname')}
              />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`}
                error={errors.password?.message}
                {...register('password')}
              />
              <button type="submit" className="button button--primary" disabled={isSubmitting}>
                {isSubmitting ? 'Creating your account…' : 'Create my staff account'}
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
