import type { ComponentProps } from 'react';
import './row-buttons.css';

/**
 * A table row's Delete: red words rather than a column of red buttons, red once hovered. The
 * label names the record for screen readers ("Delete Samsung").
 */
export function DeleteRowButton({ label, ...button }: { label: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="button button--small button--quiet-danger"
      aria-label={label}
      {...button}
    >
      Delete
    </button>
  );
}
