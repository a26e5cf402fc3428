/**
 * "★★★½☆" for people who see it (the half star half gold), "3.5 out of 5 stars" for those who hear
 * it. Reviews come in whole and half stars.
 */
export function StarRating({ stars }: { stars: number }) {
  const rating = Math.max(0, Math.min(5, Math.round(stars * 2) / 2));
  const whole = Math.floor(rating);
  const half = rating > whole;
  return (
    <span className="star-rating" role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      {half && (
        <span aria-hidden="true" className="star-rating-half">
          ★
        </span>
      )}
      <span aria-hidden="true" className="star-rating-empty">
        {'★'.repeat(5 - whole - (half ? 1 : 0))}
      </span>
    </span>
  );
}
