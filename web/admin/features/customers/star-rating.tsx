/** "★★★★☆" for people who see it, "4 out of 5 stars" for those who hear it. */
export function StarRating({ stars }: { stars: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <span className="star-rating" role="img" aria-label={`${whole} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span aria-hidden="true" className="star-rating-empty">
        {'★'.repeat(5 - whole)}
      </span>
    </span>
  );
}
