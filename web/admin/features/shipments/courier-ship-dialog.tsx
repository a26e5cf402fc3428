import { useEffect, useMemo, useState } from 'react';
import type { ResponseOf } from '../../../../shared/api/endpoint';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { createShipment, quoteShipment } from '../../../../shared/api/shipments';
import type { ApiShipment } from '../../../../shared/api/shipments.schemas';
import { formatRupees } from '../../../lib/money';
import { adminApi, isApiError } from '../../lib/admin-api';
import { ActionDialog } from '../orders/action-dialog';
import { type ShipLine, ShipLines, type ShipPicks } from './ship-lines';
import { unitsInParcels } from './shipment-status';
import './shipments.css';

type Quote = ResponseOf<typeof quoteShipment>;
type Picked = { lines: { lineId: string; quantity: number }[]; error: string | null };

const failureMessage = (failure: unknown) =>
  isApiError(failure) ? failure.message : 'Something went wrong. Please try again.';

/** The units ticked, checked as the server will: whole numbers from 1 to what is left. */
function pickedLines(lines: readonly ShipLine[], picks: ShipPicks): Picked {
  const chosen: Picked['lines'] = [];
  for (const line of lines) {
    const pick = picks[line._id];
    if (!pick?.ticked) continue;
    const quantity = Number(pick.units);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.left)
      return { lines: [], error: `${line.title}: ship a whole number of units from 1 to ${line.left}.` };
    chosen.push({ lineId: line._id, quantity });
  }
  return chosen.length
    ? { lines: chosen, error: null }
    : { lines: [], error: 'Tick at least one item to ship.' };
}

/** The couriers quoted for the units ticked, asked again (after a pause) whenever they change. */
function useQuote(orderId: string, open: boolean, picked: Picked) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(picked.lines);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines picked.
  useEffect(() => {
    if (!open || picked.error) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      adminApi
        .call(quoteShipment, {
          params: { id: orderId },
          body: { lines: picked.lines },
          signal: controller.signal,
        })
        .then((answer) => {
          setQuote(answer);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (!controller.signal.aborted) setError(failureMessage(failure));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderId, open, key, picked.error]);
  return { quote, error, loading };
}

/**
 * Ship through the courier: the couriers quoted (the shop's rule's pick chosen), the units still to
 * ship (staff may lower or untick them for a partial parcel), then one parcel booked with its AWB.
 * Every refusal is the server's own message, inside the dialog.
 */
export function CourierShipDialog({
  order,
  shipments,
  open,
  onClose,
  onShipped,
  onStale,
}: {
  order: ApiAdminOrder;
  shipments: readonly ApiShipment[];
  open: boolean;
  onClose: () => void;
  onShipped: (shipment: ApiShipment) => void;
  onStale: () => void;
}) {
  const lines: ShipLine[] = useMemo(() => {
    const inParcels = unitsInParcels(shipments);
    return order.lines
      .map((line) => ({ ...line, left: line.quantity - (inParcels.get(line._id) ?? 0) }))
      .filter((line) => line.left > 0);
  }, [order.lines, shipments]);
  const [picks, setPicks] = useState<ShipPicks>({});
  const [courier, setCourier] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  // Opening starts from everything left to ship.
  useEffect(() => {
    if (!open) return;
    setPicks(Object.fromEntries(lines.map((line) => [line._id, { ticked: true, units: String(line.left) }])));
    setCourier('');
    setError(null);
    setTried(false);
  }, [open, lines]);

  const picked = useMemo(() => pickedLines(lines, picks), [lines, picks]);
  // Not while booking: a quote answered after the booking would find the units gone (and say so).
  const quoted = useQuote(order._id, open && lines.length > 0 && !busy, picked);
  const options = quoted.quote?.options ?? [];
  const chosen = options.some((o) => o.courier === courier) ? courier : (quoted.quote?.chosen ?? '');

  const submit = async () => {
    setTried(true);
    if (lines.length > 0 && picked.error) return;
    setBusy(true);
    setError(null);
    try {
      const body = lines.length > 0 ? { lines: picked.lines, ...(chosen ? { courier: chosen } : {}) } : {};
      const shipment = await adminApi.call(createShipment, { params: { id: order._id }, body });
      onShipped(shipment);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
      if (isApiError(failure) && failure.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={`Ship order ${order.orderNumber}`}
      open={open}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel="Book the parcel"
      busy={busy}
      error={error ?? quoted.error}
      wide
    >
      {lines.length === 0 ? (
        <p>
          Every item is already in a parcel. A booking still waiting for the courier’s answer is asked for
          again.
        </p>
      ) : (
        <>
          <ShipLines lines={lines} picks={picks} onChange={setPicks} error={tried ? picked.error : null} />
          <fieldset className="choice-group courier-options" aria-busy={quoted.loading || undefined}>
            <legend>Courier</legend>
            {options.length === 0 && (
              <p className="muted">{quoted.loading ? 'Asking the couriers…' : 'No courier quoted yet.'}</p>
            )}
            {options.map((option) => (
              <label key={option.courier} className="choice">
                <input
                  type="radio"
                  name="courier"
                  value={option.courier}
                  checked={chosen === option.courier}
                  onChange={() => setCourier(option.courier)}
                />
                <span>
                  {option.courier} · {formatRupees(option.charge)} · {option.days}{' '}
                  {option.days === 1 ? 'day' : 'days'}
                  {option.courier === quoted.quote?.chosen && (
                    <span className="badge courier-option-tag">The shop’s rule</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          {quoted.quote && (
            <p className="muted">
              Parcel of {(quoted.quote.weightGrams / 1000).toLocaleString('en-IN')} kg
              {quoted.quote.codAmount > 0 && `; the courier collects ${formatRupees(quoted.quote.codAmount)}`}
              .
            </p>
          )}
        </>
      )}
    </ActionDialog>
  );
}
