/**
 * INTERIM (being replaced by the reviews work): the product page's review form.
 * Interface: <ReviewForm productId={id} onSubmitted={() => revalidate()} />.
 */
export function ReviewForm({ productId }: { productId: string; onSubmitted: () => void }) {
  return <div className="review-form" data-product={productId} />;
}
