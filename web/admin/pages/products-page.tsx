import { Link } from 'wouter';
import { adminListProducts } from '../../../shared/api/catalog-admin';
import type {
  AdminProductSort,
  ApiAdminProductRow,
  ArchivedFilter,
  StockStateFilter,
} from '../../../shared/api/catalog-admin.schemas';
import { PRODUCT_TAGS } from '../../../shared/catalog';
import { isLocale } from '../../../shared/locales';
import { languageName, type TranslatedLocale } from '../../../shared/translations';
import { SelectField } from '../../components/forms/form-field';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type Column, DataTable, formatSort, parseSort, type TableSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { StockBadge } from '../features/products/stock-badge';
import { type CatalogueNames, useCatalogueNames } from '../features/products/use-catalogue-names';
import '../features/products/products.css';
import { translatedLocales } from '../features/translations/translations';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const DEFAULT_SORT: TableSort = { key: 'updated', direction: 'desc' };
const SORTABLE = new Set(['title', 'price', 'stock', 'updated']);
const PAGE_SIZES = [25, 50, 100];

const toApiSort = (sort: TableSort) =>
  `${sort.direction === 'desc' ? '-' : ''}${sort.key}` as AdminProductSort;

const stockLabels: Record<StockStateFilter, string> = {
  in: 'In stock (more than 5)',
  low: 'Low (1 to 5)',
  out: 'Out of stock',
};

const productColumns: Column<ApiAdminProductRow>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '4.5rem',
    render: (row) =>
      row.image ? (
        <img
          className="product-thumb"
          src={thumbnail(row.image)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
        />
      ) : (
        <span className="product-thumb product-thumb--empty" aria-hidden="true" />
      ),
  },
  {
    key: 'title',
    header: 'Product',
    sortable: true,
    render: (row) => (
      <div className="product-cell">
        <Link href={`/products/${row._id}`} className="product-link">
          {row.title}
        </Link>
        <span className="muted">
          {row.category.title} · {row.brand.title}
        </span>
        {row.missingTranslations.map((code) => (
          <span key={code} className="badge badge--muted product-missing-translation">
            {languageName(code)} missing
          </span>
        ))}
      </div>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    sortable: true,
    align: 'end',
    width: '9rem',
    render: (row) => (
      <span className="product-price">
        {formatRupees(row.price)}
        {row.mrp !== null && row.mrp > row.price && (
          <s className="muted">
            <span className="visually-hidden">MRP </span>
            {formatRupees(row.mrp)}
          </s>
        )}
      </span>
    ),
  },
  {
    key: 'stock',
    header: 'Stock',
    sortable: true,
    width: '9rem',
    render: (row) => <StockBadge quantity={row.quantity} />,
  },
  {
    key: 'tags',
    header: 'Tags',
    width: '9rem',
    render: (row) =>
      row.tags.length ? (
        <span className="product-tags">
          {row.tags.map((tag) => (
            <span key={tag} className="badge badge--muted">
              {tag}
            </span>
          ))}
        </span>
      ) : (
        <span className="muted">None</span>
      ),
  },
  {
    key: 'updated',
    header: 'Updated',
    sortable: true,
    width: '11rem',
    render: (row) => (
      <span>
        {formatDayAndTime(row.updatedAt)}
        {row.archivedAt && (
          <>
            <br />
            <span className="badge badge--muted">Archived</span>
          </>
        )}
      </span>
    ),
  },
];

/** Search and the category, brand, stock, tag and archive filters, all kept in the URL. */
function ProductFilters({
  state,
  setState,
  archived,
  names,
}: {
  state: Record<string, string>;
  setState: ReturnType<typeof useSearchState>[1];
  archived: ArchivedFilter;
  names: CatalogueNames | undefined;
}) {
  return (
    <div className="toolbar product-filters">
      <SearchField
        label="Search products"
        value={state.q ?? ''}
        placeholder="Title, brand or category"
        onSearch={(q) => setState({ q })}
      />
      <SelectField
        label="Category"
        value={state.category ?? ''}
        onChange={(event) => setState({ category: event.target.value })}
      >
        <option value="">All categories</option>
        {names?.categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Brand"
        value={state.brand ?? ''}
        onChange={(event) => setState({ brand: event.target.value })}
      >
        <option value="">All brands</option>
        {names?.brands.map((brand) => (
          <option key={brand._id} value={brand._id}>
            {brand.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Stock"
        value={state.stock ?? ''}
        onChange={(event) => setState({ stock: event.target.value })}
      >
        <option value="">Any stock</option>
        {(Object.keys(stockLabels) as StockStateFilter[]).map((value) => (
          <option key={value} value={value}>
            {stockLabels[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Tag"
        value={state.tag ?? ''}
        onChange={(event) => setState({ tag: event.target.value })}
      >
        <option value="">Any tag</option>
        {PRODUCT_TAGS.map((tag) => (
          <option key={tag} value={tag}>
            {tag[0]!.toUpperCase() + tag.slice(1)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Translation"
        value={state.missing ?? ''}
        onChange={(event) => setState({ missing: event.target.value })}
      >
        <option value="">Any</option>
        {translatedLocales.map((code) => (
          <option key={code} value={code}>
            Missing {languageName(code)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Show"
        value={archived}
        onChange={(event) =>
          setState({ archived: event.target.value === 'active' ? '' : event.target.value })
        }
      >
        <option value="active">On sale</option>
        <option value="archived">Archived</option>
        <option value="all">All products</option>
      </SelectField>
    </div>
  );
}

/** The catalogue for staff: searched, filtered, sorted and paged by the server. */
export default function ProductsPage() {
  const [state, setState] = useSearchState();
  const names = useCatalogueNames();
  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = SORTABLE.has(parsed.key) ? parsed : DEFAULT_SORT;
  const page = Math.max(1, Number(state.page) || 1);
  const limit = PAGE_SIZES.includes(Number(state.limit)) ? Number(state.limit) : PAGE_SIZES[0]!;
  const archived = (['active', 'archived', 'all'] as const).includes(state.archived as ArchivedFilter)
    ? (state.archived as ArchivedFilter)
    : 'active';
  const query = {
    q: state.q || undefined,
    category: state.category || undefined,
    brand: state.brand || undefined,
    stock: (state.stock as StockStateFilter) || undefined,
    tags: state.tag || undefined,
    missingTranslation: missingTranslationOf(state.missing),
    archived,
    sort: toApiSort(sort),
    page: String(page),
    limit: String(limit),
  };
  const table = useAdminQuery(
    (signal) => adminApi.call(adminListProducts, { query, signal }),
    [JSON.stringify(query)],
  );
  const data = table.data;
  const filtered = Boolean(
    query.q || query.category || query.brand || query.stock || query.tags || query.missingTranslation,
  );

  return (
    <>
      <PageHeader
        title="Products"
        description="Search and filter the catalogue; open a product to edit it, its pictures and its stock."
        actions={
          <>
            <Link href="/products/import" className="button product-button">
              Import or export
            </Link>
            <Link href="/products/new" className="button button--primary">
              New product
            </Link>
          </>
        }
      />

      <ProductFilters state={state} setState={setState} archived={archived} names={names.data} />

      {names.error && (
        <LoadError message={`The filters could not load: ${names.error}`} onRetry={names.reload} />
      )}
      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      {data && !data.totalExact && (
        <p className="product-count-note" role="status">
          More than {data.total.toLocaleString('en-IN')} products match. Narrow the search or the filters to
          count them exactly.
        </p>
      )}
      <DataTable
        caption="Products"
        loading={table.loading}
        rows={data?.products ?? []}
        rowKey={(row) => row._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={
          filtered
            ? 'No products match. Try other words or fewer filters.'
            : archived === 'archived'
              ? 'No archived products.'
              : 'No products yet. Create one, or import a CSV.'
        }
        columns={productColumns}
      />
      <div className="product-pager">
        <SelectField
          label="Rows per page"
          className="product-page-size"
          value={String(limit)}
          onChange={(event) => setState({ limit: event.target.value === '25' ? '' : event.target.value })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        <Pager
          page={page}
          pageSize={limit}
          total={data ? (data.totalExact ? data.total : null) : null}
          onPageChange={(next) => setState({ page: next })}
          label="Product pages"
        />
      </div>
    </>
  );
}

/** The 400 px copy of the shop's own pictures (a thumbnail does not need 1,600 px). */
function thumbnail(url: string): string {
  return /\/media\/[^?#]+\.webp$/.test(url) ? url.replace(/\.webp$/, '-400.webp') : url;
}

/** `?missing=hi` from the URL, when it names a language content is translated into. */
function missingTranslationOf(value: string | undefined): TranslatedLocale | undefined {
  return isLocale(value) && (translatedLocales as readonly string[]).includes(value)
    ? (value as TranslatedLocale)
    : undefined;
}
