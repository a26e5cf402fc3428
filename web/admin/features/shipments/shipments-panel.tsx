import { useState } from 'react';
import { urlOf } from '../../../../shared/api/endpoint';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { cancelShipment, shipmentLabel } from '../../../../shared/api/shipments';
import type { ApiShipment } from '../../../../shared/api/shipments.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../components/confirm-dialog';
import { adminApi, downloadFile, isApiError } from '../../lib/admin-api';
import { conditionWords, RtoReceiveDialog, receiptMessage } from './rto-receive-dialog';
import { isCancellableShipment, labelFileName, ShipmentStatusBadge } from './shipment-status';
import './shipments.css';

const failureMessage = (failure: unknown) =>
  isApiError(failure) ? failure.message : 'Something went wrong. Please try again.';

/** An order shipped by typing the carrier's AWB (no parcel booked here): what staff typed. */
function ShippedAnotherWay({ shipment }: { shipment: NonNullable<ApiAdminOrder['shipment']> }) {
  return (
    <dl className="facts">
      <dt>Carrier</dt>
      <dd>{shipment.carrier}</dd>
      <dt>AWB number</dt>
      <dd>
        <code>{shipment.awb}</code>
      </dd>
      <dt>Tracking</dt>
      <dd>
        {shipment.trackingUrl ? (
          <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
            Track the parcel
            <span className="visually-hidden"> on the carrier's site (opens in a new tab)</span>
          </a>
        ) : (
          'No tracking link'
        )}
      </dd>
    </dl>
  );
}

/** One parcel: courier, AWB, status, what is in it, when it was booked, its label and cancelling. */
function Parcel({
  parcel,
  order,
  canWrite,
  busy,
  onLabel,
  onCancel,
  onReceive,
}: {
  parcel: ApiShipment;
  order: ApiAdminOrder;
  canWrite: boolean;
  busy: boolean;
  onLabel: () => void;
  onCancel: () => void;
  onReceive: () => void;
}) {
  const titles = new Map(order.lines.map((line) => [line._id, line.title]));
  const hasLabel = parcel.awb !== null && parcel.status !== 'cancelled' && parcel.status !== 'failed';
  const receivable = canWrite && parcel.status === 'rto_delivered' && !parcel.rtoReceipt;
  const receipt = parcel.rtoReceipt;
  const name = parcel.awb ? `parcel ${parcel.awb}` : `the ${parcel.courier} parcel`;
  return (
    <li className="parcel">
      <div className="parcel-head">
        <strong>{parcel.courier}</strong>
        <ShipmentStatusBadge status={parcel.status} />
      </div>
      <p className="parcel-awb">
        AWB <code>{parcel.awb ?? 'not assigned yet'}</code>
      </p>
      <ul className="parcel-lines">
        {parcel.lines.map((line) => (
          <li key={line.lineId}>
            {line.quantity} × {titles.get(line.lineId) ?? 'an item no longer on the order'}
          </li>
        ))}
      </ul>
      <p className="cell-sub">
        Booked <time dateTime={parcel.createdAt}>{formatDayAndTime(parcel.createdAt)}</time> ·{' '}
        {formatRupees(parcel.charge)}
        {parcel.promisedDays !== null && ` · ${parcel.promisedDays} days`}
        {parcel.codAmount > 0 && ` · collect ${formatRupees(parcel.codAmount)}`}
        {parcel.cancelledAt && (
          <>
            {' · cancelled '}
            <time dateTime={parcel.cancelledAt}>{formatDayAndTime(parcel.cancelledAt)}</time>
          </>
        )}
      </p>
      {receipt && (
        <p className="parcel-receipt">
          Received back <time dateTime={receipt.receivedAt}>{formatDayAndTime(receipt.receivedAt)}</time> ·{' '}
          {conditionWords[receipt.condition].label.toLowerCase()} ·{' '}
          {receipt.restocked.reduce((sum, l) => sum + l.quantity, 0)} back to stock
          {receipt.note && <span className="cell-sub">{receipt.note}</span>}
        </p>
      )}
      {parcel.status === 'rto_delivered' && !receipt && (
        <p className="notice-inline">Back at the shop: receive it to settle the order’s money.</p>
      )}
      {(hasLabel || parcel.trackingUrl || receivable || (canWrite && isCancellableShipment(parcel))) && (
        <div className="parcel-actions">
          {receivable && (
            <button
              type="button"
              className="button button--small button--primary"
              disabled={busy}
              onClick={onReceive}
            >
              Receive back<span className="visually-hidden"> {name}</span>
            </button>
          )}
          {hasLabel && (
            <button type="button" className="button button--small" disabled={busy} onClick={onLabel}>
              Label<span className="visually-hidden"> of {name} (PDF)</span>
            </button>
          )}
          {parcel.trackingUrl && parcel.status !== 'cancelled' && (
            <a href={parcel.trackingUrl} target="_blank" rel="noreferrer" className="button button--small">
              Track<span className="visually-hidden"> {name} on the courier's site (opens in a new tab)</span>
            </a>
          )}
          {canWrite && isCancellableShipment(parcel) && (
            <button
              type="button"
              className="button button--small button--danger-outline"
              disabled={busy}
              onClick={onCancel}
            >
              Cancel shipment<span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The order's parcels (booked here through the courier), or what staff typed when it shipped another
 * way. A label is fetched with the staff token and saved; cancelling asks first, and the server's
 * refusal (picked up meanwhile, the courier would not) stays on screen.
 */
export function ShipmentsPanel({
  order,
  shipments,
  loadError,
  canWrite,
  onChanged,
}: {
  order: ApiAdminOrder;
  shipments: readonly ApiShipment[] | undefined;
  loadError: string | undefined;
  canWrite: boolean;
  /** A parcel was cancelled (or the page was behind): fetch the parcels and the order again. */
  onChanged: () => void;
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [receiving, setReceiving] = useState<ApiShipment | null>(null);
  const [error, setError] = useState<string | null>(null);

  const label = async (parcel: ApiShipment) => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(urlOf(shipmentLabel, { params: { id: parcel._id } }), labelFileName(parcel.awb));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (parcel: ApiShipment) => {
    const ok = await confirm({
      title: parcel.awb ? `Cancel parcel ${parcel.awb}?` : `Cancel the ${parcel.courier} parcel?`,
      message:
        'The courier releases the AWB and will not pick it up. Its items can be shipped again in another parcel.',
      confirmLabel: 'Cancel shipment',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      await adminApi.call(cancelShipment, { params: { id: parcel._id }, body: {} });
      toast.success(`Parcel ${parcel.awb ?? ''} is cancelled.`.replace('  ', ' '), { autoClose: 4000 });
      onChanged();
    } catch (failure) {
      setError(failureMessage(failure));
      if (isApiError(failure) && failure.status === 409) onChanged();
    } finally {
      setBusy(false);
    }
  };

  const none = !shipments || shipments.length === 0;
  return (
    <section className="panel" aria-labelledby="order-shipments-heading">
      <h2 id="order-shipments-heading">Shipments</h2>
      {loadError && (
        <p className="action-error" role="alert">
          {loadError}
        </p>
      )}
      {none && order.shipment && <ShippedAnotherWay shipment={order.shipment} />}
      {none && !order.shipment && !loadError && (
        <p className="muted">
          {!shipments
            ? 'Loading…'
            : order.state === 'cancelled'
              ? 'Cancelled before it shipped.'
              : 'Not shipped yet.'}
        </p>
      )}
      {shipments && shipments.length > 0 && (
        <ol className="parcel-list">
          {shipments.map((parcel) => (
            <Parcel
              key={parcel._id}
              parcel={parcel}
              order={order}
              canWrite={canWrite}
              busy={busy}
              onLabel={() => void label(parcel)}
              onCancel={() => void cancel(parcel)}
              onReceive={() => setReceiving(parcel)}
            />
          ))}
        </ol>
      )}
      {error && (
        <p className="action-error" role="alert">
          {error}
        </p>
      )}
      <RtoReceiveDialog
        parcel={receiving}
        order={{
          orderNumber: order.orderNumber,
          paymentMethod: order.paymentMethod,
          titles: new Map(order.lines.map((line) => [line._id, line.title])),
        }}
        onClose={() => setReceiving(null)}
        onReceived={(answer) => {
          toast.success(receiptMessage(answer.shipment.awb ?? '', answer), { autoClose: 6000 });
          onChanged();
        }}
      />
    </section>
  );
}
