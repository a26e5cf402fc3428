import { useState } from 'react';
import { Link } from 'wouter';
import type * as z from 'zod/mini';
import { forgotPassword } from '../../shared/api/accounts';
import type { forgotPasswordSchema } from '../../shared/schemas/auth';
import { TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { CheckCircleIcon } from '../components/ui/icons';
import { AuthCard } from '../features/accounts/auth-card';
import { api } from '../lib/api-client';
import { lazyRules, useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { useHydrated } from '../lib/use-hydrated';

type ForgotInput = z.input<typeof forgotPasswordSchema>;

const forgotPasswordRules = lazyRules(() =>
  import('../features/accounts/account-rules').then((rules) => rules.forgotPasswordRules),
);

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Until the page is interactive the form cannot be sent (it would go nowhere, or leak into a URL).
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput>({
    resolver: forgotPasswordRules,
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.call(forgotPassword, { body: values });
      toast.success("We've sent a password reset link to the email.");
      setSentTo(values.email.trim());
    } catch (error) {
      reportSubmitError(error, setError, ['email']);
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to set a new password."
    >
      {sentTo && (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <p>
              If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It works once
              and for 30 minutes.
            </p>
            <p>No e-mail after a few minutes? Check your spam folder or send the form again.</p>
          </div>
        </div>
      )}
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="auth-footer">
        Remembered it? <Link href="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
