import { useEffect, useState } from 'react';
import { CART_QUANTITY_MAX, clampQuantity } from '../../../shared/cart-rules';
import { useT } from '../../i18n/i18n';

/**
 * A number box for 1..10 that also never goes above the stock: whatever is typed is clamped when
 * the box is left (or at once when it is plainly too big), and `onChange` only ever sees a valid
 * quantity.
 */
export function QuantityInput({
  id,
  value,
  max,
  onChange,
  label,
  labelHidden = false,
  disabled,
}: {
  id: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  label?: string;
  labelHidden?: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  const limit = Math.max(1, Math.min(max, CART_QUANTITY_MAX));
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  function commit(raw: string) {
    const next = clampQuantity(Number(raw), limit);
    setText(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <div className="quantity-input">
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'quantity-input-label'}>
        {label ?? t('buy.quantity')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={limit}
        step={1}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          const raw = event.target.value;
          const number = Number(raw);
          // Arrows and plain digits within range apply at once; a number out of range is pulled
          // back into it; an empty or half-typed box waits for the blur.
          if (
            raw !== '' &&
            Number.isFinite(number) &&
            (number > limit || (number >= 1 && Number.isInteger(number)))
          ) {
            commit(raw);
          } else {
            setText(raw);
          }
        }}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
    </div>
  );
}
