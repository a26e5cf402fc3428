import { addEnquiryNote, replyToEnquiry } from '../../../../shared/api/enquiries-admin';
import {
  type ApiEnquiryThread,
  ENQUIRY_NOTE_MAX,
  enquiryNoteBody,
  enquiryReplyBody,
} from '../../../../shared/api/enquiries-admin.schemas';
import { TextAreaField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { useForm, zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../components/confirm-dialog';
import { adminApi } from '../../lib/admin-api';

type Props = { enquiryId: string; onSaved: (thread: ApiEnquiryThread) => void };

/** The reply e-mailed to the customer: checked with the API's schema, confirmed before it leaves. */
export function ReplyForm({ enquiryId, to, name, onSaved }: Props & { to: string; name: string }) {
  const confirm = useConfirm();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ message: string }>({
    resolver: zodResolver(enquiryReplyBody),
    mode: 'onTouched',
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const ok = await confirm({
      title: `E-mail this reply to ${name}?`,
      message: `It goes to ${to} and is kept in this enquiry's history. An e-mail cannot be taken back.`,
      confirmLabel: 'Send reply',
    });
    if (!ok) return;
    try {
      const thread = await adminApi.call(replyToEnquiry, { params: { id: enquiryId }, body });
      reset({ message: '' });
      onSaved(thread);
      toast.success(`Reply sent to ${to}.`, { autoClose: 4000 });
    } catch (error) {
      reportSubmitError(error, setError, ['message']);
    }
  });

  return (
    <form className="compose" noValidate onSubmit={onSubmit}>
      <TextAreaField
        label={`Reply to ${name}`}
        hint={`Sent by e-mail to ${to}, signed by the shop's team, with their message quoted.`}
        rows={6}
        maxLength={ENQUIRY_NOTE_MAX}
        error={errors.message?.message}
        {...register('message')}
      />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}

/** An internal note: for staff only, never sent. */
export function NoteForm({ enquiryId, onSaved }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ body: string }>({
    resolver: zodResolver(enquiryNoteBody),
    mode: 'onTouched',
    defaultValues: { body: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const thread = await adminApi.call(addEnquiryNote, { params: { id: enquiryId }, body });
      reset({ body: '' });
      onSaved(thread);
      toast.success('Note added.', { autoClose: 3000 });
    } catch (error) {
      reportSubmitError(error, setError, ['body']);
    }
  });

  return (
    <form className="compose" noValidate onSubmit={onSubmit}>
      <TextAreaField
        label="Internal note"
        hint="Only staff see notes; the customer is not told."
        rows={3}
        maxLength={ENQUIRY_NOTE_MAX}
        error={errors.body?.message}
        {...register('body')}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}
