import type { ApiRating } from '../../../shared/api-types';
import { CheckCircleIcon } from '../../components/ui/icons';
import { formatDay } from '../../lib/dates';
import { StarRating } from '../catalog/star-rating';
import './reviews.css';

/** The product's reviews, newest first: stars, name, date, the comment as plain text. */
export function ReviewList({ ratings }: { ratings: readonly ApiRating[] }) {
  if (ratings.length === 0) {
    return <p className="review-empty">No reviews yet. Be the first to review this product.</p>;
  }
  const sorted = [...ratings].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <ul className="review-list">
      {sorted.map((rating) => (
        <li key={rating._id} className="review">
          <div className="review-head">
            <StarRating value={rating.star} />
            <span className="review-author">{rating.postedbyName || 'A customer'}</span>
            {rating.verifiedPurchase && (
              <span className="review-verified">
                <CheckCircleIcon size={16} /> Verified purchase
              </span>
            )}
          </div>
          <time className="review-date" dateTime={rating.createdAt}>
            {formatDay(rating.createdAt)}
          </time>
          <p className="review-comment">{rating.comment}</p>
        </li>
      ))}
    </ul>
  );
}
