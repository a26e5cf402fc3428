import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  adminDeleteProduct,
  adminGetProduct,
  archiveProduct,
  getVariants,
  restoreProduct,
} from '../../../shared/api/catalog-admin';
import type { ApiAdminProduct } from '../../../shared/api/catalog-admin.schemas';
import type { ApiAdminVariants } from '../../../shared/api/catalog-variants.schemas';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { ProductForm } from '../features/products/product-form';
import { StockPanel } from '../features/products/stock-panel';
import { useCatalogueNames } from '../features/products/use-catalogue-names';
import { VariantsPanel } from '../features/products/variants-panel';
import '../features/products/products.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/** A new product (/products/new) or an existing one: its fields, pictures, stock and status. */
export default function ProductEditPage({ params }: { params: Record<string, string> }) {
  const id = params.id && params.id !== 'new' ? params.id : null;
  // A fresh form when moving from one product to another (or to a new one).
  return <ProductEditor key={id ?? 'new'} id={id} />;
}

/** Archiving, restoring and deleting the product, each confirmed first. */
function useProductActions(product: ApiAdminProduct | null, setProduct: (product: ApiAdminProduct) => void) {
  const [, navigate] = useLocation();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);

  const setArchived = async (archive: boolean) => {
    if (!product) return;
    const ok = await confirm(
      archive
        ? {
            title: `Archive ${product.title}?`,
            message:
              'It leaves the store at once: lists, search, its page, carts and checkouts. Orders keep showing it, and you can put it back on sale at any time.',
            confirmLabel: 'Archive',
          }
        : {
            title: `Put ${product.title} back on sale?`,
            message: 'It shows in the store again, with its current price and stock.',
            confirmLabel: 'Put back on sale',
          },
    );
    if (!ok) return;
    setBusy(true);
    try {
      const next = await adminApi.call(archive ? archiveProduct : restoreProduct, {
        params: { id: product._id },
      });
      setProduct(next);
      toast.success(archive ? `${next.title} is archived.` : `${next.title} is on sale again.`, {
        autoClose: 4000,
      });
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!product) return;
    const ok = await confirm({
      title: `Delete ${product.title}?`,
      message: product.hasOrders
        ? 'Orders include it, so the shop will refuse: archive it instead to take it off sale.'
        : 'It is removed for good, with its reviews and stock ledger. The audit trail keeps a record.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await adminApi.call(adminDeleteProduct, { params: { id: product._id } });
      toast.success(answer.message, { autoClose: 4000 });
      navigate('/products');
    } catch (failure) {
      reportSubmitError(failure);
      setBusy(false);
    }
  };
  return { busy, setArchived, remove };
}

/**
 * The product's variants as last read or saved, with the labels the stock form offers. `restart`
 * reads them again into a fresh grid; `reload` refreshes their figures and keeps what is typed.
 */
function useProductVariants(id: string | null) {
  const query = useAdminQuery(
    (signal) => (id ? adminApi.call(getVariants, { params: { id }, signal }) : Promise.resolve(null)),
    [id],
  );
  const [data, setData] = useState<ApiAdminVariants | null>(null);
  const [generation, setGeneration] = useState(0);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const restarting = useRef(false);
  useEffect(() => {
    if (query.data === undefined) return;
    setData(query.data);
    if (restarting.current) {
      restarting.current = false;
      setGeneration((n) => n + 1);
    }
  }, [query.data]);
  const list = (data?.variants ?? []).map((variant) => ({
    ...variant,
    label: variant.label || 'the product',
  }));
  return {
    data,
    list,
    generation,
    ledgerVersion,
    set: setData,
    reload: query.reload,
    bumpLedger: () => setLedgerVersion((n) => n + 1),
    restart: () => {
      restarting.current = true;
      query.reload();
    },
  };
}

function ProductEditor({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const names = useCatalogueNames();
  const loaded = useAdminQuery(
    (signal) => (id ? adminApi.call(adminGetProduct, { params: { id }, signal }) : Promise.resolve(null)),
    [id],
  );
  const [product, setProduct] = useState<ApiAdminProduct | null>(null);
  const { busy, setArchived, remove } = useProductActions(product, setProduct);
  useEffect(() => {
    if (loaded.data !== undefined) setProduct(loaded.data);
  }, [loaded.data]);
  const variants = useProductVariants(id);

  if (loaded.error) {
    return (
      <>
        <PageHeader
          title={loaded.status === 404 ? 'Product not found' : 'Product'}
          back={{ href: '/products', label: 'Products' }}
        />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (names.error) {
    return (
      <>
        <PageHeader title="Product" back={{ href: '/products', label: 'Products' }} />
        <LoadError
          message={`The categories, brands and colours could not load: ${names.error}`}
          onRetry={names.reload}
        />
      </>
    );
  }
  const ready = names.data && (id === null || (product && product._id === id));
  if (!ready) {
    return (
      <>
        <PageHeader title={id ? 'Product' : 'New product'} back={{ href: '/products', label: 'Products' }} />
        <p className="muted" role="status">
          Loading…
        </p>
      </>
    );
  }

  const archived = product?.archivedAt != null;
  return (
    <>
      <PageHeader
        title={product ? product.title : 'New product'}
        back={{ href: '/products', label: 'Products' }}
        description={
          product ? (
            <>
              {archived ? (
                <span className="badge badge--muted">Archived {formatDayAndTime(product.archivedAt!)}</span>
              ) : (
                <span className="badge badge--success">On sale</span>
              )}{' '}
              Last changed {formatDayAndTime(product.updatedAt)}.
            </>
          ) : (
            'Fill in the details; pictures can be added now or later.'
          )
        }
        actions={
          product && (
            <>
              {!archived && (
                <a
                  className="button product-button"
                  href={`/product/${product.slug}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  View in store<span className="visually-hidden"> (opens a new tab)</span>
                </a>
              )}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void setArchived(!archived)}
              >
                {archived ? 'Put back on sale' : 'Archive'}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                Delete
              </button>
            </>
          )
        }
      />
      <div className={product ? 'product-edit-layout' : undefined}>
        <ProductForm
          product={product}
          names={names.data!}
          onSaved={(saved, created) => {
            setProduct(saved);
            // A new price reaches every variant: the grid starts again from what the server holds.
            if (!created) variants.restart();
            if (created) navigate(`/products/${saved._id}`, { replace: true });
          }}
        />
        {product && (
          <StockPanel
            product={product}
            variants={variants.list}
            ledgerVersion={variants.ledgerVersion}
            onChanged={() => {
              loaded.reload();
              variants.reload();
            }}
          />
        )}
      </div>
      {product && variants.data && (
        <VariantsPanel
          key={variants.generation}
          product={product}
          colours={names.data!.colors}
          variants={variants.data}
          onSaved={(answer) => {
            variants.set(answer);
            loaded.reload();
          }}
          onStockChanged={() => {
            variants.reload();
            variants.bumpLedger();
            loaded.reload();
          }}
        />
      )}
    </>
  );
}
