import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { editProfile } from '../../shared/api/accounts';
import type { ApiUser } from '../../shared/api/accounts.schemas';
import type { ProfileInput } from '../../shared/schemas/auth';
import { useRevalidate, useRouteData } from '../app/route-context';
import { PasswordField, TextField } from '../components/forms/form-field';
import { reportSubmitError } from '../components/forms/submit-error';
import { LogoutIcon } from '../components/ui/icons';
import { ContactProof } from '../features/accounts/contact-proof';
import { MyDataDownloads } from '../features/accounts/my-data-downloads';
import { PencilIcon } from '../features/accounts/pencil-icon';
import { api } from '../lib/api-client';
import { lazyRules, useForm } from '../lib/form';
import { logout, readCustomer, saveCustomer } from '../lib/session';
import { toast } from '../lib/toast';
import './profile-page.css';

const fields = ['firstname', 'lastname', 'email', 'mobile', 'currentPassword'] as const;

function valuesOf(user: ApiUser): ProfileInput {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    currentPassword: '',
  };
}

type ProfileForm = ReturnType<typeof useForm<ProfileInput, unknown, ProfileInput>>;

/** The greeting and the log-out button. */
function ProfileHeader({ name }: { name: string }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
  };
  return (
    <header className="profile-head">
      <div>
        <p className="eyebrow">My account</p>
        <h1>My profile</h1>
        <p className="profile-welcome">Hello {name || 'there'}! Keep your details up to date for delivery.</p>
      </div>
      <button
        type="button"
        className="button button--ghost profile-logout"
        onClick={() => void onLogout()}
        disabled={loggingOut}
      >
        <LogoutIcon size={18} />
        {loggingOut ? 'Logging out…' : 'Log out'}
      </button>
    </header>
  );
}

/** The customer's details, read-only until the pencil is pressed; the current password once the e-mail changes. */
function ProfileFields({
  register,
  errors,
  editing,
  emailChanged,
}: {
  register: ProfileForm['register'];
  errors: ProfileForm['formState']['errors'];
  editing: boolean;
  emailChanged: boolean;
}) {
  return (
    <>
      <div className="form-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          readOnly={!editing}
          error={errors.firstname?.message}
          {...register('firstname')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          readOnly={!editing}
          error={errors.lastname?.message}
          {...register('lastname')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={!editing}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        readOnly={!editing}
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      {emailChanged && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your e-mail address. We will let your old address know."
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
    </>
  );
}

function Shortcuts() {
  return (
    <aside className="profile-card profile-links" aria-labelledby="profile-links-title">
      <h2 id="profile-links-title">Shortcuts</h2>
      <ul className="profile-link-list">
        <li>
          <Link href="/my-orders">My orders</Link>
        </li>
        <li>
          <Link href="/wishlist">My wishlist</Link>
        </li>
        <li>
          <Link href="/cart">My cart</Link>
        </li>
        <li>
          <Link href="/forgot-password">Change password</Link>
        </li>
      </ul>
    </aside>
  );
}

export default function ProfilePage() {
  const user = useRouteData<ApiUser>();
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // A new e-mail address needs the current password (the server checks it too).
  const resolver = useMemo(
    () =>
      lazyRules(() =>
        import('../features/accounts/account-rules').then((rules) => rules.profileRules(user.email)),
      ),
    [user.email],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const emailChanged =
    editing &&
    String(watch('email') ?? '')
      .trim()
      .toLowerCase() !== user.email;

  const startEditing = () => {
    setEditing(true);
    // After the fields unlock.
    requestAnimationFrame(() => setFocus('firstname'));
  };

  /** Locks the fields again; focus goes back to the pencil, as the Save and Cancel buttons vanish. */
  const lock = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const cancel = () => {
    reset(valuesOf(user));
    lock();
  };

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      const updated = await api.call(editProfile, {
        body: values.email === user.email ? values : { ...values, currentPassword },
      });
      const stored = readCustomer();
      if (stored) {
        // The stored customer rebuilt from these fields, correctly spelt (the original wrote 'fistname').
        saveCustomer({
          _id: updated._id,
          token: stored.token,
          firstname: updated.firstname,
          lastname: updated.lastname,
          email: updated.email,
          mobile: updated.mobile,
          emailVerified: updated.emailVerified,
          mobileVerified: updated.mobileVerified,
        });
      }
      reset(valuesOf(updated));
      lock();
      toast.success('Profile updated successfully');
      revalidate();
    } catch (error) {
      reportSubmitError(error, setError, fields);
    }
  });

  const name = `${user.firstname} ${user.lastname}`.trim();

  return (
    <div className="profile-page container">
      <ProfileHeader name={name} />

      <div className="profile-grid">
        <section className="profile-card" aria-labelledby="profile-details-title">
          <div className="profile-card-head">
            <h2 id="profile-details-title">Personal details</h2>
            {!editing && (
              <button
                ref={editButton}
                type="button"
                className="icon-button"
                aria-label="Edit profile"
                onClick={startEditing}
              >
                <PencilIcon size={18} />
              </button>
            )}
          </div>
          <form className="form-stack" noValidate onSubmit={onSubmit}>
            <ProfileFields
              register={register}
              errors={errors}
              editing={editing}
              emailChanged={emailChanged}
            />
            {editing ? (
              <div className="form-actions">
                <button type="submit" className="button button--primary" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving…' : 'Save changes'}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={cancel}
                  disabled={isSubmitting}
                >
                  Cancel
                </button>
              </div>
            ) : (
              <p className="form-note">Press the pencil button to change your details.</p>
            )}
          </form>
          {!editing && <ContactProof user={user} onConfirmed={revalidate} />}
        </section>

        <div className="profile-side">
          <Shortcuts />
          <MyDataDownloads />
        </div>
      </div>
    </div>
  );
}
