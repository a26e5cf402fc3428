import { Link, useLocation, useSearch } from 'wouter';
import { register as registerAccount } from '../../shared/api/accounts';
import type { RegisterInput } from '../../shared/schemas/auth';
import { PASSWORD_MIN_LENGTH } from '../../shared/schemas/password-limits';
import { PasswordField, TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { AuthCard } from '../features/accounts/auth-card';
import { safeNextPath } from '../features/accounts/next-path';
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
      await api.call(registerAccount, { body: values });
      toast.success('User Created Successfully!');
      navigate(next === '/' ? '/login' : `/login?${new URLSearchParams({ next })}`);
    } catch (error) {
      reportSubmitError(error, setError, fields);
    }
  });

  return (
    <AuthCard title="Create an account" intro="Save a wishlist, keep a cart and track your orders.">
      <form className="form-stack" method="post" noValidate onSubmit={onSubmit}>
        <div className="form-row">
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
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="10-digit Indian mobile number, e.g. 98765 43210"
          error={errors.mobile?.message}
          {...register('mobile')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          error={errors.password?.message}
          {...register('password')}
        />
        {/* Marketing has its own consent, never pre-ticked (Consumer Protection Rules). */}
        <div className="signup-consent">
          <input id="signup-marketing" type="checkbox" {...register('marketingEmails')} />
          <label htmlFor="signup-marketing">
            Send me offers and new arrivals by e-mail (you can stop them any time)
          </label>
        </div>
        <p className="form-note signup-notice">
          By creating an account you agree to our <Link href="/Terms-conditions">terms</Link> and confirm you
          have read our <Link href="/privacy-policy">privacy notice</Link>: what we keep about you, why, and
          how to download or delete it.
        </p>
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-footer">
        Already have an account? <Link href="/login">Login</Link>
      </p>
    </AuthCard>
  );
}
