import type { ApiRating } from '../../../shared/api-types';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useLocale, useT } from '../../i18n/i18n';
import { formatDay } from '../../lib/dates';
import { StarRating } from '../catalog/star-rating';
import './reviews.css';

/**
 * The product's reviews, newest first: stars, name, date, the comment as plain text. Comments stay
 * in the language their customers wrote them in, which nobody marks.
 */
export function ReviewList({ ratings }: { ratings: readonly ApiRating[] }) {
  const t = useT();
  const locale = useLocale();
  if (ratings.length === 0) {
    return <p className="review-empty">{t('reviews.empty')}</p>;
  }
  const sorted = [...ratings].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <ul className="review-list">
      {sorted.map((rating) => (
        <li key={rating._id} className="review">
          <div className="review-head">
            <StarRating value={rating.star} />
            <span className="review-author">{rating.postedbyName || t('reviews.anonymous')}</span>
            {rating.verifiedPurchase && (
              <span className="review-verified">
                <CheckCircleIcon size={16} /> {t('reviews.verified')}
              </span>
            )}
          </div>
          <time className="review-date" dateTime={rating.createdAt}>
            {formatDay(rating.createdAt, locale)}
          </time>
          <p className="review-comment">{rating.comment}</p>
        </li>
      ))}
    </ul>
  );
}
