import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';

/** The lines being paid for, from the server's cart, with subtotal, free shipping and total. */
export function OrderSummary({ lines, total }: { lines: readonly ApiCartLine[]; total: number }) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order summary</h2>
      <ul className="checkout-lines">
        {lines.map((line) => {
          const image = responsiveImage(line.productId.images[0], 400);
          return (
            <li key={line._id} className="checkout-line">
              <span className="checkout-line-image">
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="64px"
                  width={image.width}
                  height={image.height}
                  alt={image.alt || line.productId.title}
                  decoding="async"
                />
                <span className="checkout-line-qty" aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span className="checkout-line-info">
                <span className="checkout-line-title">{line.productId.title}</span>
                <span className="checkout-line-meta">
                  <span
                    className="checkout-line-dot"
                    style={{ background: line.color.title }}
                    aria-hidden="true"
                  />
                  Colour: {line.color.name || line.color.title} · Qty: {line.quantity}
                </span>
              </span>
              <span className="checkout-line-price">
                <span className="visually-hidden">Price: </span>
                {formatRupees(Math.round(line.price * line.quantity * 100) / 100)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="checkout-totals">
        <div>
          <dt>
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </dt>
          <dd data-testid="checkout-subtotal">{formatRupees(total)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd className="checkout-free">Free</dd>
        </div>
        <div className="checkout-total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">
            <span className="checkout-currency">INR</span> {formatRupees(total)}
          </dd>
        </div>
      </dl>
    </aside>
  );
}
