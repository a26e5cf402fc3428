import { Link, useSearch } from 'wouter';
import { login } from '../../shared/api/accounts';
import type { LoginInput } from '../../shared/schemas/auth';
import { PasswordField, TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { AuthCard } from '../features/accounts/auth-card';
import { setFlash } from '../features/accounts/flash';
import { safeNextPath } from '../features/accounts/next-path';
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
      setFlash('User Logged In Successfully!');
      saveCustomer(customer);
      // A full load, so every part of the page (cart badge, wishlist hearts) starts signed in.
      window.location.assign(next);
    } catch (error) {
      reportSubmitError(error, setError, ['email', 'password']);
    }
  });

  const signupHref = next === '/' ? '/signup' : `/signup?${new URLSearchParams({ next })}`;

  return (
    <AuthCard title="Login" intro="Welcome back! Sign in to see your cart, wishlist and orders.">
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="auth-links">
          <Link href="/forgot-password">Forgot your password?</Link>
        </div>
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <p className="auth-footer">
        New to Bharat Bazaar? <Link href={signupHref}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
