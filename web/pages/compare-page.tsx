import { type FormEvent, type ReactNode, useId } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiProduct } from '../../shared/api-types';
import { useNavigationPending, useRouteData } from '../app/route-context';
import { StarRating } from '../features/catalog/star-rating';
import { responsiveImage } from '../lib/images';
import { formatRupees } from '../lib/money';
import '../components/forms/forms.css';
import './compare-page.css';
import './content-page.css';

export type CompareOption = { id: string; title: string; category: string };

export type CompareData = {
  products: ApiProduct[];
  /** Identifiers asked for in ?ids= that match no product. */
  missing: string[];
  options: CompareOption[];
};

export const productKey = (product: Pick<ApiProduct, '_id' | 'slug'>) => product.slug || product._id;

function availability(product: ApiProduct): { text: string; tone: 'in' | 'low' | 'out' } {
  if (product.quantity <= 0) return { text: 'Out of stock', tone: 'out' };
  if (product.quantity <= 5) return { text: `Only ${product.quantity} left`, tone: 'low' };
  return { text: 'In stock', tone: 'in' };
}

const rows: { label: string; cell: (product: ApiProduct) => ReactNode }[] = [
  {
    label: 'Price',
    cell: (product) => (
      <span className="compare-price">
        <strong>{formatRupees(product.price)}</strong>
        {product.mrp && product.mrp > product.price && <s>{formatRupees(product.mrp)}</s>}
      </span>
    ),
  },
  { label: 'Brand', cell: (product) => product.brand },
  { label: 'Category', cell: (product) => product.category },
  {
    label: 'Rating',
    cell: (product) =>
      product.ratingCount > 0 ? (
        <StarRating value={product.totalrating} count={product.ratingCount} />
      ) : (
        <span className="compare-muted">No reviews yet</span>
      ),
  },
  {
    label: 'Availability',
    cell: (product) => {
      const stock = availability(product);
      return <span className={`compare-stock compare-stock--${stock.tone}`}>{stock.text}</span>;
    },
  },
  {
    label: 'Colours',
    cell: (product) =>
      product.color.length === 0 ? (
        <span className="compare-muted">One colour</span>
      ) : (
        <ul className="compare-colours">
          {product.color.map((colour) => (
            <li key={colour._id}>
              <span className="compare-swatch" style={{ backgroundColor: colour.title }} aria-hidden="true" />
              {colour.name || colour.title}
            </li>
          ))}
        </ul>
      ),
  },
];

function ProductPicker({ data }: { data: CompareData }) {
  const [, navigate] = useLocation();
  const pending = useNavigationPending();
  const id = useId();
  const selected = data.products.map(productKey);
  const categories = [...new Set(data.options.map((option) => option.category))].sort();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ids = [...new Set(form.getAll('ids').map(String).filter(Boolean))];
    navigate(`/compare-product?${new URLSearchParams({ ids: ids.join(',') })}`);
  };

  return (
    <form className="compare-picker" method="get" action="/compare-product" onSubmit={onSubmit}>
      {[0, 1].map((slot) => (
        <div key={slot} className="form-field">
          <label className="form-label" htmlFor={`${id}-${slot}`}>
            {slot === 0 ? 'First product' : 'Second product'}
          </label>
          <select
            id={`${id}-${slot}`}
            name="ids"
            className="compare-select"
            key={selected[slot] ?? `empty-${slot}`}
            defaultValue={selected[slot] ?? ''}
          >
            <option value="">Choose a product</option>
            {categories.map((category) => (
              <optgroup key={category} label={category}>
                {data.options
                  .filter((option) => option.category === category)
                  .map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button button--primary" disabled={pending}>
        Compare
      </button>
    </form>
  );
}

export default function ComparePage() {
  const data = useRouteData<CompareData>();
  const { products, missing } = data;
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">Side by side</p>
        <h1>Compare products</h1>
        <p className="content-lead">
          Put two products next to each other: price, brand, rating, stock and colours.
        </p>
      </header>

      <ProductPicker data={data} />

      {missing.length > 0 && (
        <p className="compare-notice" role="status">
          We couldn't find {missing.length === 1 ? 'one of the products' : 'the products'} you asked for; it
          may have been removed from the shop.
        </p>
      )}

      {products.length === 0 ? (
        <div className="content-empty">
          <h2>Nothing to compare yet</h2>
          <p>Choose two products above, or browse the store.</p>
          <Link href="/product" className="button button--primary">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="compare-scroll">
          <table className="compare-table">
            <caption className="visually-hidden">
              Comparison of {products.map((p) => p.title).join(' and ')}
            </caption>
            <thead>
              <tr>
                <td className="compare-corner" />
                {products.map((product, index) => {
                  const image = responsiveImage(product.images[0], 400);
                  return (
                    <th key={product._id} scope="col" className="compare-product">
                      <img
                        src={image.src}
                        srcSet={image.srcSet}
                        sizes="(min-width: 768px) 240px, 35vw"
                        width={image.width}
                        height={image.height}
                        alt=""
                        loading={index < 2 ? 'eager' : 'lazy'}
                        decoding="async"
                      />
                      <Link href={`/product/${productKey(product)}`}>{product.title}</Link>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {products.map((product) => (
                    <td key={product._id}>{row.cell(product)}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">
                  <span className="visually-hidden">Actions</span>
                </th>
                {products.map((product) => (
                  <td key={product._id}>
                    <Link
                      href={`/product/${productKey(product)}`}
                      className="button button--ghost compare-view"
                    >
                      View product
                    </Link>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
