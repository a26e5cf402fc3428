import { useState } from 'react';
import {
  cancelOrder,
  markDelivered,
  markOutForDelivery,
  packOrder,
} from '../../../../shared/api/order-actions';
import { cancelOrder as cancelSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import type { ApiShipment } from '../../../../shared/api/shipments.schemas';
import { formatRupees } from '../../../lib/money';
import { useConfirm } from '../../components/confirm-dialog';
import { adminApi } from '../../lib/admin-api';
import { CourierShipDialog } from '../shipments/courier-ship-dialog';
import { isActiveShipment } from '../shipments/shipment-status';
import { ReasonDialog } from './reason-dialog';
import { RefundDialog } from './refund-dialog';
import { ShipDialog } from './ship-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

type Open = 'ship' | 'ship-another-way' | 'cancel' | 'refund' | null;

/** The moves forward that need only a confirmation: packed, out for delivery, delivered. */
function useStatusSteps(order: ApiAdminOrder, updates: OrderUpdates) {
  const confirm = useConfirm();
  const step = useOrderAction(updates);
  const id = { id: order._id };

  const pack = async () => {
    const ok = await confirm({
      title: `Mark order ${order.orderNumber} as packed?`,
      message: 'The parcel is packed and waits for the courier. Orders only move forward.',
      confirmLabel: 'Mark packed',
    });
    if (ok)
      await step.run(
        () => adminApi.call(packOrder, { params: id, body: {} }),
        `Order ${order.orderNumber} is packed.`,
      );
  };
  const outForDelivery = async () => {
    const ok = await confirm({
      title: `Mark order ${order.orderNumber} as out for delivery?`,
      message: 'The courier is delivering it today. Orders only move forward.',
      confirmLabel: 'Mark out for delivery',
    });
    if (ok) {
      await step.run(
        () => adminApi.call(markOutForDelivery, { params: id, body: {} }),
        `Order ${order.orderNumber} is out for delivery.`,
      );
    }
  };
  const deliver = async () => {
    const ok = await confirm({
      title: `Mark order ${order.orderNumber} as delivered?`,
      message:
        'The customer has received it. They are e-mailed, and the return window starts today. Orders only move forward.',
      confirmLabel: 'Mark delivered',
    });
    if (ok) {
      await step.run(
        () => adminApi.call(markDelivered, { params: id, body: {} }),
        `Order ${order.orderNumber} is delivered.`,
      );
    }
  };
  return { step, pack, outForDelivery, deliver };
}

/**
 * What staff may do with the order now: only the moves the server's `actions` allows are shown
 * (the server checks again under a lock, and a 409 says why when this page was behind). "Ship"
 * books a parcel with the courier; "Shipped another way" records an AWB typed by hand, for an order
 * that left with a courier the shop does not book through (only while no parcel is booked here).
 */
export function OrderActions({
  order,
  shipments,
  onShipped,
  ...updates
}: OrderUpdates & {
  order: ApiAdminOrder;
  /** The order's parcels; undefined while they load. */
  shipments: readonly ApiShipment[] | undefined;
  onShipped: (shipment: ApiShipment) => void;
}) {
  const { step, pack, outForDelivery, deliver } = useStatusSteps(order, updates);
  const [open, setOpen] = useState<Open>(null);
  const { actions } = order;

  // Collecting cash is the Payment panel's (cod-payment.tsx): it is about the money, not the parcel.
  const { collectCash: _, ...steps } = actions;
  const any = Object.values(steps).some(Boolean);
  return (
    <>
      {any ? (
        <fieldset className="status-actions">
          <legend className="visually-hidden">What to do with the order</legend>
          {actions.pack && (
            <button
              type="button"
              className="button button--primary"
              disabled={step.busy}
              onClick={() => void pack()}
            >
              Pack
            </button>
          )}
          {actions.ship && (
            <button
              type="button"
              // The next step is the one highlighted: Pack while there is packing to do.
              className={actions.pack ? 'button' : 'button button--primary'}
              disabled={step.busy}
              onClick={() => setOpen('ship')}
            >
              Ship
            </button>
          )}
          {actions.ship && shipments && !shipments.some(isActiveShipment) && (
            <button
              type="button"
              className="button"
              disabled={step.busy}
              onClick={() => setOpen('ship-another-way')}
            >
              Shipped another way
            </button>
          )}
          {actions.outForDelivery && (
            <button
              type="button"
              className="button"
              disabled={step.busy}
              onClick={() => void outForDelivery()}
            >
              Out for delivery
            </button>
          )}
          {actions.deliver && (
            <button type="button" className="button" disabled={step.busy} onClick={() => void deliver()}>
              Mark delivered
            </button>
          )}
          {actions.refund && (
            <button type="button" className="button" disabled={step.busy} onClick={() => setOpen('refund')}>
              Refund
            </button>
          )}
          {actions.cancel && (
            <button
              type="button"
              className="button button--danger-outline"
              disabled={step.busy}
              onClick={() => setOpen('cancel')}
            >
              Cancel order
            </button>
          )}
        </fieldset>
      ) : actions.collectCash ? null : (
        <p className="muted">Nothing more to do with this order.</p>
      )}
      {actions.collectCash && (
        // The button is in the Payment panel, further down: say here that the order is not done.
        <p className="notice-inline">
          Delivered, cash on delivery: {formatRupees(order.cod?.amountDue ?? order.totalPriceAfterDiscount)}{' '}
          to collect. <a href="#order-payment-heading">Mark the cash collected under Payment</a> once the
          courier hands it over.
        </p>
      )}
      {step.error && (
        <p className="action-error" role="alert">
          {step.error}
        </p>
      )}

      <CourierShipDialog
        order={order}
        shipments={shipments ?? []}
        open={open === 'ship'}
        onClose={() => setOpen(null)}
        onShipped={onShipped}
        onStale={updates.onStale}
      />
      <ShipDialog
        order={order}
        open={open === 'ship-another-way'}
        onClose={() => setOpen(null)}
        {...updates}
      />
      <RefundDialog order={order} open={open === 'refund'} onClose={() => setOpen(null)} {...updates} />
      <CancelOrderDialog order={order} open={open === 'cancel'} onClose={() => setOpen(null)} {...updates} />
    </>
  );
}

/** Cancel order: the reason the customer reads, and what is refunded and restocked. */
function CancelOrderDialog({
  order,
  open,
  onClose,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; open: boolean; onClose: () => void }) {
  const cancelling = useOrderAction(updates);
  const units = order.lines.reduce((sum, line) => sum + line.quantity - line.refundedQuantity, 0);
  const id = { id: order._id };
  const closeDialog = () => {
    cancelling.clearError();
    onClose();
  };
  // Cash on delivery not collected yet: nothing was paid, so a cancellation refunds nothing.
  const nothingPaid = order.paymentMethod === 'cod' && order.paymentStatus === 'unpaid';
  return (
    <ReasonDialog
      title={`Cancel order ${order.orderNumber}?`}
      open={open}
      onClose={closeDialog}
      onConfirm={(reason) =>
        cancelling.run(
          () => adminApi.call(cancelOrder, { params: id, body: { reason } }),
          !nothingPaid
            ? `Order ${order.orderNumber} is cancelled and ${formatRupees(order.refundable)} is being refunded.`
            : `Order ${order.orderNumber} is cancelled.`,
        )
      }
      schema={cancelSchemas.body.shape.reason}
      label="Reason for cancelling"
      hint="The customer reads it in the cancellation e-mail."
      submitLabel="Cancel order"
      closeLabel="Keep the order"
      busy={cancelling.busy}
      error={cancelling.error}
      danger
    >
      {!nothingPaid ? (
        <p>
          The full amount left, <strong>{formatRupees(order.refundable)}</strong>, is refunded to the customer
          through the payment provider, and the {units} {units === 1 ? 'unit goes' : 'units go'} back into
          stock. The customer is e-mailed. A cancelled order cannot be reopened.
        </p>
      ) : (
        <p>
          Nothing was paid yet (cash on delivery), so nothing is refunded. The {units}{' '}
          {units === 1 ? 'unit goes' : 'units go'} back into stock and the customer is e-mailed. A cancelled
          order cannot be reopened.
        </p>
      )}
    </ReasonDialog>
  );
}
