import { useId } from 'react';
import * as z from 'zod/mini';
import { rateProduct } from '../../../shared/api/reviews';
import { REVIEW_COMMENT_MAX, reviewSchema } from '../../../shared/schemas/review';
import { TextAreaField } from '../../components/forms/form-field';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { type FieldErrors, useForm, zodResolver } from '../../lib/form';
import { toast } from '../../lib/toast';
import { StarPicker } from './star-picker';

// Styles: reviews.css, loaded with the product page by the review list (one stylesheet, not two).

const formSchema = z.omit(reviewSchema, { prodId: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const empty: FormInput = { star: '', comment: '' };

/**
 * The review form: whole or half stars as a radio group (star-picker.tsx) and a comment. A missing part is
 * named in a toast and under its field; after a successful review the page reloads the product.
 */
export function ReviewForm({ productId, onSubmitted }: { productId: string; onSubmitted: () => void }) {
  const uid = useId();
  const t = useT();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const message = invalid.star?.message ?? invalid.comment?.message;
    if (message) toast.error(message);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.call(rateProduct, {
        body: { prodId: productId, star: values.star, comment: values.comment },
      });
      toast.success(t('reviews.form.added'));
      reset(empty);
      onSubmitted();
    } catch (error) {
      const detail = isApiError(error) ? ` ${errorText(error.message).text}` : '';
      toast.error(`${t('reviews.form.failed')}${detail}`, { autoClose: 5000 });
    }
  }, onInvalid);

  const starError = errors.star?.message;
  const starErrorText = errorText(starError ?? '');
  return (
    <form className="review-form" noValidate onSubmit={onSubmit}>
      <fieldset
        className="review-stars"
        aria-describedby={starError ? `${uid}-star-error` : undefined}
        aria-invalid={starError ? true : undefined}
      >
        <legend className="form-label">{t('reviews.form.rating')}</legend>
        <StarPicker field={register('star')} value={Number(watch('star')) || 0} />
        {starError && (
          <p className="form-error" id={`${uid}-star-error`} lang={starErrorText.lang}>
            {starErrorText.text}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={t('reviews.form.comment')}
        rows={4}
        maxLength={REVIEW_COMMENT_MAX}
        error={errors.comment?.message}
        {...register('comment')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('reviews.form.sending') : t('reviews.form.submit')}
        </button>
      </div>
    </form>
  );
}
