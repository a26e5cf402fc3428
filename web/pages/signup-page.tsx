import { Link, useLocation, useSearch } from 'wouter';
import { register as registerAccount } from '../../shared/api/accounts';
import type { RegisterInput } from '../../shared/schemas/auth';
import { PASSWORD_MIN_LENGTH } from '../../shared/schemas/password-limits';
import { PasswordField, TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { AuthCard } from '../features/accounts/auth-card';
import { safeNextPath } from '../features/accounts/next-path';
import { signupBody } from '../features/accounts/signup-body';
import { Trans, useLocale, useT } from '../i18n/i18n';
import { api } from '../lib/api-client';
import { lazyRules, useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { useHydrated } from '../lib/use-hydrated';

const registerRules = lazyRules(() =>
  import('../features/accounts/account-rules').then((rules) => rules.registerRules),
);

const fields = ['firstname', 'lastname', 'email', 'mobile', 'password'] as const;

export default function SignupPage() {
  const [, navigate] = useLocation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  // Until the page is interactive the form cannot be sent (it would go nowhere, or leak into a URL).
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: registerRules,
    mode: 'onTouched',
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      mobile: '',
      password: '',
      marketingEmails: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.call(registerAccount, { body: signupBody(values, locale) });
      toast.success(t('account.signup.created'));
      navigate(next === '/' ? '/login' : `/login?${new URLSearchParams({ next })}`);
    } catch (error) {
      reportSubmitError(error, setError, fields);
    }
  });

  return (
    <AuthCard title={t('account.signup.title')} intro={t('account.signup.intro')}>
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <div className="form-row">
          <TextField
            label={t('account.field.firstname')}
            autoComplete="given-name"
            error={errors.firstname?.message}
            {...register('firstname')}
          />
          <TextField
            label={t('account.field.lastname')}
            autoComplete="family-name"
            error={errors.lastname?.message}
            {...register('lastname')}
          />
        </div>
        <TextField
          label={t('account.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('account.field.mobile')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint={t('account.signup.mobileHint')}
          error={errors.mobile?.message}
          {...register('mobile')}
        />
        <PasswordField
          label={t('account.field.password')}
          autoComplete="new-password"
          hint={t('account.field.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
          {...register('password')}
        />
        {/* Marketing has its own consent, never pre-ticked (Consumer Protection Rules). */}
        <div className="signup-consent">
          <input id="signup-marketing" type="checkbox" {...register('marketingEmails')} />
          <label htmlFor="signup-marketing">{t('account.signup.marketing')}</label>
        </div>
        <p className="form-note signup-notice">
          <Trans
            id="account.signup.notice"
            components={{ 0: <Link href="/Terms-conditions" />, 1: <Link href="/privacy-policy" /> }}
          />
        </p>
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('account.signup.submitting') : t('account.signup.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="account.signup.haveAccount" components={{ 0: <Link href="/login" /> }} />
      </p>
    </AuthCard>
  );
}
