import { offerAudience, sendOfferEmail } from '../../../shared/api/offer-emails';
import { type OfferEmailInput, offerEmailSchema } from '../../../shared/api/offer-emails.schemas';
import { TextAreaField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { useForm, zodResolver } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

const fields = ['subject', 'message', 'linkPath', 'linkLabel'] as const;
const empty: OfferEmailInput = { subject: '', message: '', linkPath: '', linkLabel: '' };

/**
 * Offer e-mails: written here, sent only to the customers who asked for offers, each
 * message with its own one-click way to stop them. The count says who that is right now.
 */
export default function OfferEmailsPage() {
  const audience = useAdminQuery((signal) => adminApi.call(offerAudience, { signal }), []);
  const confirm = useConfirm();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfferEmailInput>({
    resolver: zodResolver(offerEmailSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const subscribers = audience.data?.subscribers;

  const onSubmit = handleSubmit(async (values) => {
    const ok = await confirm({
      title: `Send “${values.subject}”?`,
      message: (
        <p>
          It goes to the {subscribers?.toLocaleString('en-IN') ?? ''} customers who want offers by e-mail now,
          and cannot be called back.
        </p>
      ),
      confirmLabel: 'Send the offer',
    });
    if (!ok) return;
    try {
      const body = {
        ...values,
        linkPath: values.linkPath || undefined,
        linkLabel: values.linkLabel || undefined,
      };
      const { message } = await adminApi.call(sendOfferEmail, { body });
      toast.success(message, { autoClose: 5000 });
      reset(empty);
      audience.reload();
    } catch (error) {
      reportSubmitError(error, setError, fields);
    }
  });

  return (
    <>
      <PageHeader
        title="Offer e-mails"
        description="Sales and new arrivals, e-mailed to the customers who asked for them."
      />
      <section className="panel" aria-labelledby="offer-audience-heading">
        <h2 id="offer-audience-heading">Who gets it</h2>
        {audience.error && !audience.data ? (
          <LoadError message={audience.error} onRetry={audience.reload} />
        ) : (
          <p aria-live="polite">
            {subscribers === undefined
              ? 'Counting…'
              : subscribers === 0
                ? 'Nobody has asked for offers by e-mail yet: customers choose it at sign-up or on their profile.'
                : `${subscribers.toLocaleString('en-IN')} ${subscribers === 1 ? 'customer wants' : 'customers want'} offers by e-mail.`}{' '}
            Only they get it. Every e-mail has a link to stop offers in one click, and mail programs show
            their own “Unsubscribe”.
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="offer-write-heading">
        <h2 id="offer-write-heading">Write the offer</h2>
        <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
          <TextAreaField
            label="Message"
            rows={8}
            hint="Plain text. A blank line starts a new paragraph. The e-mail begins “Hello” and the customer's first name."
            error={errors.message?.message}
            {...register('message')}
          />
          <div className="form-row">
            <TextField
              label="Button link (optional)"
              hint="A page of the shop, e.g. /product?tags=sale"
              error={errors.linkPath?.message}
              {...register('linkPath')}
            />
            <TextField
              label="Button text (optional)"
              hint="“Shop now” if left empty"
              error={errors.linkLabel?.message}
              {...register('linkLabel')}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting || !subscribers}>
              {isSubmitting ? 'Sending…' : 'Send the offer'}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
