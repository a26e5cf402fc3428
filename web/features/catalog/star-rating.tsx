import { useT } from '../../i18n/i18n';
import './star-rating.css';

type StarRatingProps = {
  /** Mean rating, 0..5; fractions show as partly filled stars. */
  value: number;
  /** Number of reviews; when given it is shown after the stars. */
  count?: number;
  size?: 'sm' | 'md';
};

/**
 * Five read-only gold stars. One image for assistive technology with the exact figure, instead of
 * five meaningless glyphs read out one by one. Its words are in the `catalog` area, which every
 * page showing stars loads.
 */
export function StarRating({ value, count, size = 'sm' }: StarRatingProps) {
  const t = useT();
  const rating = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const rounded = Math.round(rating * 10) / 10;
  // The rating as written ('4.5'), not formatted per language: digits stay Latin in Hindi too.
  const label =
    count === undefined
      ? t('catalog.rating', { rating: String(rounded) })
      : t('catalog.ratingWithCount', { rating: String(rounded), count });
  return (
    <span className={`star-rating star-rating--${size}`}>
      <span className="star-rating-stars" role="img" aria-label={label}>
        <span className="star-rating-fill" style={{ width: `${(rating / 5) * 100}%` }} />
      </span>
      {count !== undefined && (
        <span className="star-rating-count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
