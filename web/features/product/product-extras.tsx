import type { ApiProduct } from '../../../shared/api-types';
import { TruckIcon } from '../../components/ui/icons';
import { toast } from '../../lib/toast';

/** The shop's terms for every product, folded away until asked for. */
export function ShippingInfo() {
  return (
    <details className="product-shipping">
      <summary>
        <TruckIcon size={20} /> Shipping &amp; payment
      </summary>
      <ul>
        <li>Free delivery on orders of ₹500 or more (₹49 below).</li>
        <li>Returns within 7 days of delivery.</li>
        <li>No-cost EMI available.</li>
        <li>Pay by net banking or credit, debit and ATM cards.</li>
      </ul>
    </details>
  );
}

/** Copies the product's address, so it can be pasted into a message. */
export function CopyLinkButton({ product }: { product: Pick<ApiProduct, '_id' | 'slug'> }) {
  async function copy() {
    const url = new URL(`/product/${product.slug || product._id}`, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error(`Couldn't copy the link. Copy it from the address bar: ${url}`, { autoClose: 6000 });
    }
  }
  return (
    <button type="button" className="button button--ghost product-copy" onClick={() => void copy()}>
      <LinkIcon /> Copy link
    </button>
  );
}

function LinkIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 13a5 5 0 0 0 7.1 0l3-3a5 5 0 0 0-7.1-7.1l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.1 0l-3 3a5 5 0 0 0 7.1 7.1l1.7-1.7" />
    </svg>
  );
}
