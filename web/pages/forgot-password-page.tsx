import { useState } from 'react';
import { Link } from 'wouter';
import type * as z from 'zod/mini';
import { forgotPassword } from '../../shared/api/accounts';
import type { forgotPasswordSchema } from '../../shared/schemas/auth';
import { TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { CheckCircleIcon } from '../components/ui/icons';
import { AuthCard } from '../features/accounts/auth-card';
import { Trans, useT } from '../i18n/i18n';
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
  const t = useT();
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
      toast.success(t('account.forgot.toast'));
      setSentTo(values.email.trim());
    } catch (error) {
      reportSubmitError(error, setError, ['email']);
    }
  });

  return (
    <AuthCard title={t('account.forgot.title')} intro={t('account.forgot.intro')}>
      {sentTo && (
        <div className="form-alert form-alert--success" role="status">
          <CheckCircleIcon size={20} />
          <div>
            <p>
              <Trans id="account.forgot.sent" values={{ email: sentTo }} components={{ 0: <strong /> }} />
            </p>
            <p>{t('account.forgot.noMail')}</p>
          </div>
        </div>
      )}
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('account.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('account.sending') : t('account.forgot.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="account.forgot.remembered" components={{ 0: <Link href="/login" /> }} />
      </p>
    </AuthCard>
  );
}
