import { Link, useSearch } from 'wouter';
import { login } from '../../shared/api/accounts';
import { localizePath } from '../../shared/locales';
import type { LoginInput } from '../../shared/schemas/auth';
import { PasswordField, TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { AuthCard } from '../features/accounts/auth-card';
import { setFlash } from '../features/accounts/flash';
import { safeNextPath } from '../features/accounts/next-path';
import { Trans, useLocale, useT } from '../i18n/i18n';
import { api } from '../lib/api-client';
import { lazyRules, useForm } from '../lib/form';
import { saveCustomer } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';

const loginRules = lazyRules(() =>
  import('../features/accounts/account-rules').then((rules) => rules.loginRules),
);

export default function LoginPage() {
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
  } = useForm<LoginInput>({
    resolver: loginRules,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const customer = await api.call(login, { body: values });
      setFlash(t('account.login.success'));
      saveCustomer(customer);
      // A full load, so every part of the page (cart badge, wishlist hearts) starts signed in; `next`
      // is a path of the app, in the page's language.
      window.location.assign(localizePath(locale, next));
    } catch (error) {
      reportSubmitError(error, setError, ['email', 'password']);
    }
  });

  const signupHref = next === '/' ? '/signup' : `/signup?${new URLSearchParams({ next })}`;

  return (
    <AuthCard title={t('account.login.title')} intro={t('account.login.intro')}>
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('account.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('account.field.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="auth-links">
          <Link href="/forgot-password">{t('account.login.forgot')}</Link>
        </div>
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('account.login.submitting') : t('account.login.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="account.login.newHere" components={{ 0: <Link href={signupHref} /> }} />
      </p>
    </AuthCard>
  );
}
