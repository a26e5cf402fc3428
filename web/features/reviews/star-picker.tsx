import { type FocusEvent, type Ref, useState } from 'react';
import { STAR_CHOICES } from '../../../shared/schemas/review';
import { useT } from '../../i18n/i18n';

type StarPickerProps = {
  /** What the form's `register('star')` returns. */
  field: {
    name: string;
    ref: Ref<HTMLInputElement>;
    onChange: () => void;
    onBlur: (event: FocusEvent) => void;
  };
  /** The chosen rating, 0 when none. */
  value: number;
};

/**
 * Whole and half stars as one radio group: nine choices (1, 1.5 … 5). The first star is one
 * choice (there is no half a star), each of the others is two, its left half and its right half,
 * each at least 24 px wide. Arrow keys move between them as in any radio group and a screen reader
 * reads "3.5 stars, 6 of 9"; the stars under the pointer preview the rating, and the chosen one is
 * written out beside them.
 */
export function StarPicker({ field, value }: StarPickerProps) {
  const t = useT();
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <div className="star-picker">
      <div className="star-picker-stars">
        <span className="star-picker-display" aria-hidden="true">
          <span className="star-picker-fill" style={{ width: `${(shown / 5) * 100}%` }} />
        </span>
        {STAR_CHOICES.map((choice) => (
          <label
            key={choice}
            className={choice === 1 ? 'star-picker-choice star-picker-choice--whole' : 'star-picker-choice'}
            onMouseEnter={() => setPreview(choice)}
            onMouseLeave={() => setPreview(0)}
          >
            <input type="radio" value={String(choice)} {...field} />
            <span className="visually-hidden">{t('reviews.stars', { count: choice })}</span>
          </label>
        ))}
      </div>
      <span className="star-picker-value" aria-hidden="true">
        {shown ? t('reviews.picker.value', { rating: shown }) : t('reviews.picker.none')}
      </span>
    </div>
  );
}
