import { isApiError } from '../../lib/api-client';
import type { FieldValues, Path, UseFormSetError } from '../../lib/form';
import { toast } from '../../lib/toast';

/**
 * Shows a failed submit: the server's message as a toast (it is written for the shopper: 'Invalid
 * Credentials', 'User already exist! please login!', the 429 wait), and the server's field errors
 * of a 400 under their fields.
 */
export function reportSubmitError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fieldNames: readonly string[] = [],
) {
  if (isApiError(error)) {
    if (setError && error.fields) {
      for (const [field, message] of Object.entries(error.fields)) {
        if (fieldNames.includes(field)) setError(field as Path<T>, { type: 'server', message });
      }
    }
    toast.error(error.message, { autoClose: 5000 });
    return;
  }
  toast.error('Something went wrong! Please try again.', { autoClose: 5000 });
}
