import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import { TextAreaField } from '../../../components/forms/form-field';
import { useForm, zodResolver } from '../../../lib/form';
import { ActionDialog } from './action-dialog';

type ReasonValues = { text: string };

/**
 * A dialog asking for one piece of text (a cancellation or rejection reason, an optional note)
 * checked by the API's own schema for it, then `onConfirm(text)`; true closes the dialog.
 */
export function ReasonDialog({
  title,
  open,
  onClose,
  onConfirm,
  schema,
  label,
  hint,
  submitLabel,
  closeLabel,
  busy,
  error,
  danger,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  onConfirm: (text: string) => Promise<boolean>;
  /** The API's schema for the text (reasonText(...) or an optional note). */
  schema: z.ZodMiniType<string | undefined, string | undefined>;
  label: string;
  hint?: string;
  submitLabel: string;
  closeLabel?: string;
  busy: boolean;
  error: string | null;
  danger?: boolean;
  /** What the action does, said before the field. */
  children: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonValues, unknown, { text?: string | undefined }>({
    resolver: zodResolver(z.object({ text: schema })),
    mode: 'onTouched',
    defaultValues: { text: '' },
  });

  const close = () => {
    reset({ text: '' });
    onClose();
  };

  const onSubmit = handleSubmit(async ({ text }) => {
    if (await onConfirm(text ?? '')) close();
  });

  return (
    <ActionDialog
      title={title}
      open={open}
      onClose={close}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel={submitLabel}
      closeLabel={closeLabel}
      busy={busy}
      error={error}
      danger={danger}
    >
      <div className="confirm-message">{children}</div>
      <TextAreaField
        label={label}
        hint={hint}
        rows={3}
        maxLength={500}
        error={errors.text?.message}
        {...register('text')}
      />
    </ActionDialog>
  );
}
