import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { resetPassword } from '../../shared/api/accounts';
import { PASSWORD_MIN_LENGTH } from '../../shared/schemas/password-limits';
import { useRouteParams } from '../app/route-context';
import { PasswordField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { AlertIcon } from '../components/ui/icons';
import type { ResetPasswordInput } from '../features/accounts/account-rules';
import { ApiWords } from '../features/accounts/api-words';
import { AuthCard } from '../features/accounts/auth-card';
import { useT } from '../i18n/i18n';
import { api, isApiError } from '../lib/api-client';
import { lazyRules, useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { useHydrated } from '../lib/use-hydrated';

const resetPasswordRules = lazyRules(() =>
  import('../features/accounts/account-rules').then((rules) => rules.resetPasswordRules),
);

export default function ResetPasswordPage() {
  const { token = '' } = useRouteParams();
  const [, navigate] = useLocation();
  const [linkError, setLinkError] = useState<string | null>(null);
  // Until the page is interactive the form cannot be sent (it would go nowhere, or leak into a URL).
  const hydrated = useHydrated();
  const t = useT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: resetPasswordRules,
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });

  // Waits for the answer (the original went to /login at once, whatever happened).
  const onSubmit = handleSubmit(async ({ password }) => {
    setLinkError(null);
    try {
      await api.call(resetPassword, { params: { token }, body: { password } });
      toast.success(t('account.reset.done'));
      navigate('/login');
    } catch (error) {
      if (isApiError(error) && error.status === 400 && !error.fields) {
        // Expired, used or mistyped link: the form cannot help, a new link can.
        setLinkError(error.message);
        toast.error(error.message, { autoClose: 5000 });
        return;
      }
      reportSubmitError(error, setError, ['password']);
    }
  });

  return (
    <AuthCard title={t('account.reset.title')} intro={t('account.reset.intro')}>
      {linkError && (
        <div className="form-alert" role="alert">
          <AlertIcon size={20} />
          <div>
            <ApiWords message={linkError} />
            <p>
              <Link href="/forgot-password">{t('account.reset.requestNew')}</Link>
            </p>
          </div>
        </div>
      )}
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <PasswordField
          label={t('account.reset.newPassword')}
          autoComplete="new-password"
          hint={t('account.field.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('account.reset.confirm')}
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('account.saving') : t('account.reset.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Link href="/login">{t('account.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
