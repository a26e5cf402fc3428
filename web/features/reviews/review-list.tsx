import type { ApiRating } from '../../../shared/api-types';
import { CheckCircleIcon } from '../../components/ui/icons';
import { StarRating } from '../catalog/star-rating';
import './reviews.css';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // The same text on the server (UTC) and in every browser: the shop's own time zone.
  timeZone: 'Asia/Kolkata',
});

function reviewDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : dateFormat.format(ms);
}

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
            {reviewDate(rating.createdAt)}
          </time>
          <p className="review-comment">{rating.comment}</p>
        </li>
      ))}
    </ul>
  );
}
