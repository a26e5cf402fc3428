import { useState } from 'react';
import { urlOf } from '../../../../shared/api/endpoint';
import { shipmentLabels, shipOrders } from '../../../../shared/api/shipments';
import type { ApiShipment } from '../../../../shared/api/shipments.schemas';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { adminApi, downloadFile, isApiError } from '../../lib/admin-api';
import './shipments.css';

/** Orders ticked in the list: id to order number (the summary names them after the list moved on). */
export type OrderSelection = ReadonlyMap<string, string>;

type BulkResult = {
  shipments: ApiShipment[];
  refused: { orderId: string; message: string }[];
  numbers: OrderSelection;
};

const failureMessage = (failure: unknown) =>
  isApiError(failure) ? failure.message : 'Something went wrong. Please try again.';

/** The tick column of the orders table, and the tick in its header for every order on the page. */
export function selectionColumn<Row extends { _id: string; orderNumber: string }>(
  rows: readonly Row[],
  selected: OrderSelection,
  onChange: (next: OrderSelection) => void,
): Column<Row> {
  const all = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const toggle = (row: Row, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(row._id, row.orderNumber);
    else next.delete(row._id);
    onChange(next);
  };
  return {
    key: 'select',
    header: (
      <input
        type="checkbox"
        className="select-box"
        aria-label="Select every order on this page"
        checked={all}
        disabled={rows.length === 0}
        onChange={(event) => {
          const next = new Map(selected);
          for (const row of rows) {
            if (event.target.checked) next.set(row._id, row.orderNumber);
            else next.delete(row._id);
          }
          onChange(next);
        }}
      />
    ),
    width: '2.5rem',
    render: (row) => (
      <input
        type="checkbox"
        className="select-box"
        aria-label={`Select order ${row.orderNumber}`}
        checked={selected.has(row._id)}
        onChange={(event) => toggle(row, event.target.checked)}
      />
    ),
  };
}

/** What a bulk ship did: the parcels booked with their AWBs, the orders refused and why, the labels. */
function BulkShipSummary({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const numberOf = (id: string) => result.numbers.get(id) ?? id;
  const printable = result.shipments.filter((s) => s.awb);
  const print = async () => {
    setPrinting(true);
    setError(null);
    try {
      const ids = printable.map((s) => s._id);
      await downloadFile(urlOf(shipmentLabels), `labels-${ids.length}-parcels.pdf`, { ids });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <section className="panel bulk-summary" aria-labelledby="bulk-summary-heading">
      <h2 id="bulk-summary-heading">
        Shipped {result.shipments.length} of {result.numbers.size} orders
      </h2>
      {result.shipments.length > 0 && (
        <ul className="bulk-list">
          {result.shipments.map((s) => (
            <li key={s._id}>
              Order {numberOf(s.orderId)}: {s.courier}, AWB <code>{s.awb ?? 'not assigned yet'}</code>
            </li>
          ))}
        </ul>
      )}
      {result.refused.length > 0 && (
        <>
          <h3>Not shipped</h3>
          <ul className="bulk-list bulk-refused">
            {result.refused.map((r) => (
              <li key={r.orderId}>
                {/* The server's reason usually names the order already. */}
                {r.message.includes(numberOf(r.orderId))
                  ? r.message
                  : `Order ${numberOf(r.orderId)}: ${r.message}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p className="action-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        {printable.length > 0 && (
          <button
            type="button"
            className="button button--primary"
            disabled={printing}
            onClick={() => void print()}
          >
            {printing ? 'Preparing labels…' : `Print labels (${printable.length})`}
          </button>
        )}
        <button type="button" className="button" onClick={onDismiss}>
          Close summary
        </button>
      </div>
    </section>
  );
}

/**
 * Ship the ticked orders (one parcel each with every unit left, the shop's courier rule choosing),
 * then the summary and one PDF of their labels. An order that cannot ship is listed with the
 * server's reason; the others still ship.
 */
export function BulkShip({
  selected,
  onClear,
  onShipped,
}: {
  selected: OrderSelection;
  onClear: () => void;
  /** Orders moved on: the list is fetched again. */
  onShipped: () => void;
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const count = selected.size;

  const ship = async () => {
    const ok = await confirm({
      title: `Ship ${count} ${count === 1 ? 'order' : 'orders'}?`,
      message:
        'Each is booked with the courier the shop’s rule picks, in one parcel with every item not yet shipped. Orders that cannot ship are listed with the reason.',
      confirmLabel: `Ship ${count} ${count === 1 ? 'order' : 'orders'}`,
    });
    if (!ok) return;
    setBusy(true);
    setError(null);
    const numbers = new Map(selected);
    try {
      const answer = await adminApi.call(shipOrders, { body: { orderIds: [...numbers.keys()] } });
      setResult({ ...answer, numbers });
      toast.success(`${answer.shipments.length} of ${numbers.size} orders shipped.`, { autoClose: 4000 });
      onClear();
      onShipped();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {count > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a toolbar of actions on the ticked orders, not a form group.
        <div className="bulk-bar" role="group" aria-label="Selected orders">
          <span aria-live="polite">
            {count} {count === 1 ? 'order' : 'orders'} selected
          </span>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void ship()}
          >
            {busy ? 'Shipping…' : 'Ship selected'}
          </button>
          <button type="button" className="button" disabled={busy} onClick={onClear}>
            Clear selection
          </button>
        </div>
      )}
      {error && (
        <p className="action-error" role="alert">
          {error}
        </p>
      )}
      {result && <BulkShipSummary result={result} onDismiss={() => setResult(null)} />}
    </>
  );
}
