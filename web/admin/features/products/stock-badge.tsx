import { LOW_STOCK_THRESHOLD as LOW_STOCK_MAX } from '../../../../shared/catalog';

/** "Out of stock", "Low: 3" or "42 in stock", coloured to be seen at a glance and worded to be read. */
export function StockBadge({ quantity }: { quantity: number }) {
  if (quantity <= 0) return <span className="badge badge--danger">Out of stock</span>;
  if (quantity <= LOW_STOCK_MAX) return <span className="badge badge--warning">Low: {quantity}</span>;
  return <span className="badge badge--success">{quantity.toLocaleString('en-IN')} in stock</span>;
}
