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
import { EmailLanguage } from '../features/accounts/email-language';
import { MessageChannels } from '../features/accounts/message-channels';
import { MyDataDownloads } from '../features/accounts/my-data-downloads';
import { PencilIcon } from '../features/accounts/pencil-icon';
import { useT } from '../i18n/i18n';
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
  const t = useT();
  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
  };
  return (
    <header className="profile-head">
      <div>
        <p className="eyebrow">{t('account.profile.eyebrow')}</p>
        <h1>{t('account.profile.title')}</h1>
        <p className="profile-welcome">
          {name ? t('account.profile.welcome', { name }) : t('account.profile.welcomeNoName')}
        </p>
      </div>
      <button
        type="button"
        className="button button--ghost profile-logout"
        onClick={() => void onLogout()}
        disabled={loggingOut}
      >
        <LogoutIcon size={18} />
        {loggingOut ? t('account.profile.loggingOut') : t('account.profile.logout')}
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
  const t = useT();
  return (
    <>
      <div className="form-row">
        <TextField
          label={t('account.field.firstname')}
          autoComplete="given-name"
          readOnly={!editing}
          error={errors.firstname?.message}
          {...register('firstname')}
        />
        <TextField
          label={t('account.field.lastname')}
          autoComplete="family-name"
          readOnly={!editing}
          error={errors.lastname?.message}
          {...register('lastname')}
        />
      </div>
      <TextField
        label={t('account.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={!editing}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('account.field.mobile')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        readOnly={!editing}
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      {emailChanged && (
        <PasswordField
          label={t('account.field.currentPassword')}
          autoComplete="current-password"
          hint={t('account.profile.emailChangeHint')}
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
    </>
  );
}

function Shortcuts() {
  const t = useT();
  return (
    <aside className="profile-card profile-links" aria-labelledby="profile-links-title">
      <h2 id="profile-links-title">{t('account.profile.shortcuts')}</h2>
      <ul className="profile-link-list">
        <li>
          <Link href="/my-orders">{t('account.profile.shortcut.orders')}</Link>
        </li>
        <li>
          <Link href="/wishlist">{t('account.profile.shortcut.wishlist')}</Link>
        </li>
        <li>
          <Link href="/cart">{t('account.profile.shortcut.cart')}</Link>
        </li>
        <li>
          <Link href="/forgot-password">{t('account.profile.shortcut.password')}</Link>
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
  const t = useT();
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
      toast.success(t('account.profile.updated'));
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
        <div className="profile-main">
          <section className="profile-card" aria-labelledby="profile-details-title">
            <div className="profile-card-head">
              <h2 id="profile-details-title">{t('account.profile.personalDetails')}</h2>
              {!editing && (
                <button
                  ref={editButton}
                  type="button"
                  className="icon-button"
                  aria-label={t('account.profile.editProfile')}
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
                    {isSubmitting ? t('account.saving') : t('account.profile.save')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={cancel}
                    disabled={isSubmitting}
                  >
                    {t('account.cancel')}
                  </button>
                </div>
              ) : (
                <p className="form-note">{t('account.profile.pencilNote')}</p>
              )}
            </form>
            {!editing && <ContactProof user={user} />}
            {!editing && <EmailLanguage user={user} onChanged={revalidate} />}
          </section>
          <MessageChannels user={user} onConfirmed={revalidate} />
        </div>

        <div className="profile-side">
          <Shortcuts />
          <MyDataDownloads />
        </div>
      </div>
    </div>
  );
}
