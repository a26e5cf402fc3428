import { submitEnquiry } from '../../../shared/api/enquiries';
import type { EnquiryInput } from '../../../shared/schemas/enquiry';
import { TextAreaField, TextField } from '../../components/forms/form-field';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { lazyRules, useForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';

const enquiryRules = lazyRules(() => import('./enquiry-rules').then((rules) => rules.enquiryRules));

const empty: EnquiryInput = { name: '', email: '', mobile: '', comment: '' };

/**
 * The contact form: messages under each field once touched (the shared rules' English, shown in
 * the page's language by the fields), reset after sending.
 */
export function ContactForm() {
  const t = useT();
  const errorText = useErrorText();
  // Until the page is interactive the form cannot be sent (it would go nowhere, or leak into a URL).
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryInput>({
    resolver: enquiryRules,
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.call(submitEnquiry, { body: values });
      toast.success(t('contact.form.sent'));
      reset(empty);
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.fields ?? {})) {
          if (field in empty) setError(field as keyof EnquiryInput, { type: 'server', message });
        }
      }
      const detail = isApiError(error) ? ` ${errorText(error.message).text}` : '';
      toast.error(`${t('contact.form.failed')}${detail}`, { autoClose: 6000 });
    }
  });

  return (
    <form
      className="form-stack"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <div className="form-row">
        <TextField
          label={t('contact.form.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('contact.form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label={t('contact.form.mobile')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={t('contact.form.mobileHint')}
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <TextAreaField
        label={t('contact.form.comment')}
        rows={5}
        error={errors.comment?.message}
        {...register('comment')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
        </button>
        <p className="form-note">{t('contact.form.replyTime')}</p>
      </div>
    </form>
  );
}
