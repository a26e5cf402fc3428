import type { ComponentProps } from 'react';
import { useErrorText } from '../../i18n/errors';

/**
 * A paragraph with the API's answer (written in English for every client) in the page's language
 * when the `errors` catalogue has it, else in English, marked so for screen readers.
 */
export function ApiWords({
  message,
  ...paragraph
}: { message: string } & Omit<ComponentProps<'p'>, 'children'>) {
  const shown = useErrorText()(message);
  return (
    <p {...paragraph} lang={shown.lang}>
      {shown.text}
    </p>
  );
}
