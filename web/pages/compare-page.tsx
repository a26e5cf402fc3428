import { type FormEvent, type ReactNode, useId } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiProduct } from '../../shared/api-types';
import { localizePath } from '../../shared/locales';
import { useNavigationPending, useRouteData } from '../app/route-context';
import { useProductNames } from '../features/catalog/product-names';
import { StarRating } from '../features/catalog/star-rating';
import type { CompareData } from '../features/compare/compare-data';
import { type LocalizedText, useLocalized, type WithTranslations } from '../i18n/content';
import { type Translate, useLocale, useT } from '../i18n/i18n';
import { responsiveImage } from '../lib/images';
import { formatRupees } from '../lib/money';
import '../components/forms/forms.css';
import './compare-page.css';
import './content-page.css';

/** A product the picker offers, with its title's and category's other languages. */
export const productKey = (product: Pick<ApiProduct, '_id' | 'slug'>) => product.slug || product._id;

function availability(product: ApiProduct, t: Translate): { text: string; tone: 'in' | 'low' | 'out' } {
  if (product.quantity <= 0) return { text: t('catalog.stock.out'), tone: 'out' };
  if (product.quantity <= 5)
    return { text: t('catalog.stock.few', { count: product.quantity }), tone: 'low' };
  return { text: t('compare.inStock'), tone: 'in' };
}

/** What a row's cell needs besides the product: the page's words and names. */
type CellContext = {
  t: Translate;
  names: ReturnType<typeof useProductNames>;
  localized: ReturnType<typeof useLocalized>;
};

const named = (name: LocalizedText) => <span lang={name.lang}>{name.text}</span>;

const rows = (
  t: Translate,
): { id: string; label: string; cell: (product: ApiProduct, ctx: CellContext) => ReactNode }[] => [
  {
    id: 'price',
    label: t('compare.row.price'),
    cell: (product) => (
      <span className="compare-price">
        <strong>{formatRupees(product.price)}</strong>
        {product.mrp && product.mrp > product.price && <s>{formatRupees(product.mrp)}</s>}
      </span>
    ),
  },
  { id: 'brand', label: t('compare.row.brand'), cell: (product, { names }) => named(names(product).brand) },
  {
    id: 'category',
    label: t('compare.row.category'),
    cell: (product, { names }) => named(names(product).category),
  },
  {
    id: 'rating',
    label: t('compare.row.rating'),
    cell: (product, ctx) =>
      product.ratingCount > 0 ? (
        <StarRating value={product.totalrating} count={product.ratingCount} />
      ) : (
        <span className="compare-muted">{ctx.t('compare.noReviews')}</span>
      ),
  },
  {
    id: 'availability',
    label: t('compare.row.availability'),
    cell: (product, ctx) => {
      const stock = availability(product, ctx.t);
      return <span className={`compare-stock compare-stock--${stock.tone}`}>{stock.text}</span>;
    },
  },
  {
    id: 'colours',
    label: t('compare.row.colours'),
    cell: (product, ctx) =>
      product.color.length === 0 ? (
        <span className="compare-muted">{ctx.t('compare.oneColour')}</span>
      ) : (
        <ul className="compare-colours">
          {product.color.map((colour) => {
            // A colour's name in the page's language; one without a name is called by its CSS value.
            const name = colour.name
              ? ctx.localized(colour as typeof colour & WithTranslations, 'name')
              : null;
            return (
              <li key={colour._id}>
                <span
                  className="compare-swatch"
                  style={{ backgroundColor: colour.title }}
                  aria-hidden="true"
                />
                {name ? named(name) : colour.title}
              </li>
            );
          })}
        </ul>
      ),
  },
];

function ProductPicker({ data }: { data: CompareData }) {
  const t = useT();
  const locale = useLocale();
  const names = useProductNames();
  const [, navigate] = useLocation();
  const pending = useNavigationPending();
  const id = useId();
  const selected = data.products.map(productKey);
  // Options named in the page's language, grouped by category: the names the shopper reads, sorted.
  const options = data.options.map((option) => ({ id: option.id, ...names(option) }));
  const categories = [
    ...new Map(options.map((option) => [option.category.text, option.category])).values(),
  ].sort((a, b) => a.text.localeCompare(b.text, locale));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ids = [...new Set(form.getAll('ids').map(String).filter(Boolean))];
    navigate(`/compare-product?${new URLSearchParams({ ids: ids.join(',') })}`);
  };

  return (
    <form
      className="compare-picker"
      method="get"
      action={localizePath(locale, '/compare-product')}
      onSubmit={onSubmit}
    >
      {[0, 1].map((slot) => (
        <div key={slot} className="form-field">
          <label className="form-label" htmlFor={`${id}-${slot}`}>
            {slot === 0 ? t('compare.first') : t('compare.second')}
          </label>
          <select
            id={`${id}-${slot}`}
            name="ids"
            className="compare-select"
            key={selected[slot] ?? `empty-${slot}`}
            defaultValue={selected[slot] ?? ''}
          >
            <option value="">{t('compare.choose')}</option>
            {categories.map((category) => (
              <optgroup key={category.text} label={category.text} lang={category.lang}>
                {options
                  .filter((option) => option.category.text === category.text)
                  .sort((a, b) => a.title.text.localeCompare(b.title.text, locale))
                  .map((option) => (
                    <option key={option.id} value={option.id} lang={option.title.lang}>
                      {option.title.text}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button button--primary" disabled={pending}>
        {t('compare.submit')}
      </button>
    </form>
  );
}

export default function ComparePage() {
  const t = useT();
  const names = useProductNames();
  const localized = useLocalized();
  const data = useRouteData<CompareData>();
  const { products, missing } = data;
  const ctx: CellContext = { t, names, localized };
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('compare.eyebrow')}</p>
        <h1>{t('compare.title')}</h1>
        <p className="content-lead">{t('compare.lead')}</p>
      </header>

      <ProductPicker data={data} />

      {missing.length > 0 && (
        <p className="compare-notice" role="status">
          {t('compare.missing', { count: missing.length })}
        </p>
      )}

      {products.length === 0 ? (
        <div className="content-empty">
          <h2>{t('compare.empty.title')}</h2>
          <p>{t('compare.empty.text')}</p>
          <Link href="/product" className="button button--primary">
            {t('common.notFound.browse')}
          </Link>
        </div>
      ) : (
        <div className="compare-scroll">
          <table className="compare-table">
            <caption className="visually-hidden">
              {t('compare.caption', {
                first: names(products[0]!).title.text,
                second: products[1] ? names(products[1]).title.text : '',
                count: products.length,
              })}
            </caption>
            <thead>
              <tr>
                <td className="compare-corner" />
                {products.map((product, index) => {
                  const image = responsiveImage(product.images[0], 400);
                  const title = names(product).title;
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
                      <Link href={`/product/${productKey(product)}`} lang={title.lang}>
                        {title.text}
                      </Link>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows(t).map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.label}</th>
                  {products.map((product) => (
                    <td key={product._id}>{row.cell(product, ctx)}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">
                  <span className="visually-hidden">{t('compare.actions')}</span>
                </th>
                {products.map((product) => (
                  <td key={product._id}>
                    <Link
                      href={`/product/${productKey(product)}`}
                      className="button button--ghost compare-view"
                    >
                      {t('compare.view')}
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
