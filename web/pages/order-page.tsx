import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ApiMyOrder } from '../../shared/api/orders.schemas';
import { useNavigationPending, useRevalidate, useRouteData } from '../app/route-context';
import { PriceBreakup } from '../features/checkout/price-breakup';
import { CodConfirmation } from '../features/orders/cod-confirmation';
import { OrderAddress, OrderItems, OrderPayment, OrderStatusBadge } from '../features/orders/order-card';
import { OrderDocuments } from '../features/orders/order-documents';
import { OrderProgress } from '../features/orders/order-progress';
import { OrderRefunds, OrderReturns } from '../features/orders/order-refunds';
import { OrderTimeline } from '../features/orders/order-timeline';
import { FailedDelivery, OrderTracking, useParcelTracking } from '../features/orders/order-tracking';
import { formatDay, formatDayAndTime } from '../lib/dates';
import { formatRupees } from '../lib/money';
import { routeCache } from '../lib/route-cache';
import './order-page.css';

type Dialog = 'cancel' | 'return' | 'address' | null;

// The dialogs carry the form fields and the shared schemas (zod): they load when the customer
// reaches for a button, not with the page, which keeps its first load under the budget
// (docs/decisions/006-first-load-budget.md).
const loadCancelDialog = () => import('../features/orders/cancel-order-dialog');
const loadReturnDialog = () => import('../features/orders/return-order-dialog');
const CancelOrderDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelOrderDialog })));
const loadAddressDialog = () => import('../features/orders/change-address-dialog');
const ChangeAddressDialog = lazy(() => loadAddressDialog().then((m) => ({ default: m.ChangeAddressDialog })));
const ReturnOrderDialog = lazy(() => loadReturnDialog().then((m) => ({ default: m.ReturnOrderDialog })));

/** What the breakup's total is called: paid, or (cash on delivery) still to pay. */
function totalLabel(order: ApiMyOrder): string {
  if (order.paymentMethod !== 'cod' || order.paymentStatus !== 'unpaid') return 'Total paid';
  return order.state === 'cancelled' ? 'Total' : 'To pay on delivery';
}

/** Cancel and Return, when the shop allows them now, with what each means for the money. */
function OrderActions({
  order,
  cancelButton,
  returnButton,
  onOpen,
}: {
  order: ApiMyOrder;
  cancelButton: RefObject<HTMLButtonElement | null>;
  returnButton: RefObject<HTMLButtonElement | null>;
  onOpen: (dialog: 'cancel' | 'return') => void;
}) {
  if (!order.allowed.cancel && !order.allowed.return) return null;
  return (
    <div className="order-actions">
      {order.allowed.cancel && (
        <button
          ref={cancelButton}
          type="button"
          className="button order-button--danger-ghost"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadCancelDialog()}
          onFocus={() => void loadCancelDialog()}
          onClick={() => onOpen('cancel')}
        >
          Cancel order
        </button>
      )}
      {order.allowed.return && (
        <button
          ref={returnButton}
          type="button"
          className="button button--ghost"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadReturnDialog()}
          onFocus={() => void loadReturnDialog()}
          onClick={() => onOpen('return')}
        >
          Return items
        </button>
      )}
      <p className="order-actions-hint">
        {order.allowed.cancel
          ? order.paymentStatus === 'unpaid'
            ? 'You can cancel until the order ships; nothing has been charged.'
            : 'You can cancel until the order ships; the full amount is refunded.'
          : order.allowed.returnUntil
            ? `Returns can be asked for until ${formatDay(order.allowed.returnUntil)}.`
            : null}
      </p>
    </div>
  );
}

/** Where the order goes (and the button to change it while allowed), and how it was paid. */
function DeliveryAndPayment({
  order,
  addressButton,
  onChangeAddress,
}: {
  order: ApiMyOrder;
  addressButton: RefObject<HTMLButtonElement | null>;
  onChangeAddress: () => void;
}) {
  return (
    <section className="order-panel" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="order-panel-title">
        Delivery and payment
      </h2>
      <div className="order-side-facts">
        <OrderAddress order={order} />
        {order.allowed.changeAddress && (
          <button
            ref={addressButton}
            type="button"
            className="button button--ghost order-address-change"
            aria-haspopup="dialog"
            onPointerEnter={() => void loadAddressDialog()}
            onFocus={() => void loadAddressDialog()}
            onClick={onChangeAddress}
          >
            Change the address
          </button>
        )}
        <OrderPayment
          order={order}
          // The same breakup the checkout showed.
          totals={
            <PriceBreakup
              breakup={order.breakup}
              items={order.orderItems.reduce((sum, item) => sum + item.quantity, 0)}
              totalLabel={totalLabel(order)}
            />
          }
        />
      </div>
    </section>
  );
}

/** The open dialog, its code loaded when first wanted. */
function OrderDialogs({
  dialog,
  order,
  onDone,
  onClose,
}: {
  dialog: Dialog;
  order: ApiMyOrder;
  onDone: (from: Exclude<Dialog, null>, updated: ApiMyOrder) => void;
  onClose: (from: Exclude<Dialog, null>, failed: boolean) => void;
}) {
  return (
    <Suspense fallback={null}>
      {dialog === 'cancel' && (
        <CancelOrderDialog
          order={order}
          onDone={(updated) => onDone('cancel', updated)}
          onClose={(failed) => onClose('cancel', failed)}
        />
      )}
      {dialog === 'address' && (
        <ChangeAddressDialog
          order={order}
          onDone={(updated) => onDone('address', updated)}
          onClose={(failed) => onClose('address', failed)}
        />
      )}
      {dialog === 'return' && (
        <ReturnOrderDialog
          order={order}
          onDone={(updated) => onDone('return', updated)}
          onClose={(failed) => onClose('return', failed)}
        />
      )}
    </Suspense>
  );
}

/**
 * One of my orders (/my-orders/:id): where it is, the parcel's tracking, the lines, returns and
 * refunds, the timeline, and Cancel or Return when the shop allows them now (`allowed`, decided by
 * the server). Cancelling and returning answer the order as it is afterwards, shown at once. A
 * cash-on-delivery order waiting for its one-time code asks for it first (cod-confirmation.tsx).
 */
export default function OrderPage() {
  const loaded = useRouteData<ApiMyOrder>();
  const revalidate = useRevalidate();
  // The order a cancel or return answered, until the route loads the order again.
  const [answered, setAnswered] = useState<{ from: ApiMyOrder; order: ApiMyOrder } | null>(null);
  const order = answered?.from === loaded ? answered.order : loaded;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnButton = useRef<HTMLButtonElement>(null);
  const addressButton = useRef<HTMLButtonElement>(null);
  const shipped = ['shipped', 'out_for_delivery', 'delivered', 'returned'].includes(order.fulfilmentStatus);
  const tracking = useParcelTracking(order._id, shipped);

  // Once the dialog has gone, focus goes back to the button that opened it, or to the heading when
  // that button is gone (a cancelled order); again once a reload after a refusal has arrived.
  const [focusBack, setFocusBack] = useState<Exclude<Dialog, null> | null>(null);
  const reloading = useNavigationPending();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order shown decides which buttons exist.
  useEffect(() => {
    if (!focusBack || dialog) return;
    const button = { cancel: cancelButton, return: returnButton, address: addressButton }[focusBack].current;
    (button ?? heading.current)?.focus();
    if (!reloading) setFocusBack(null);
  }, [focusBack, dialog, reloading, order]);

  const close = (from: Exclude<Dialog, null>, failed: boolean) => {
    setDialog(null);
    setFocusBack(from);
    // A refusal (409) often means the order moved on meanwhile (staff shipped it): show it as it is.
    if (failed) revalidate();
  };

  /** An action's answer: the order as it is now, shown at once. */
  const show = (updated: ApiMyOrder) => {
    setAnswered({ from: loaded, order: updated });
    // Lists and this page seen before must not come back from the cache as they were.
    routeCache.delete('/my-orders');
    routeCache.delete(window.location.pathname + window.location.search);
  };

  const confirmed = (updated: ApiMyOrder) => {
    show(updated);
    setNotice(
      `Thank you: order ${updated.orderNumber} is confirmed. Please keep ${formatRupees(updated.cod?.amountDue ?? updated.totalPriceAfterDiscount)} ready in cash for the delivery; we have e-mailed you the details.`,
    );
    // The panel that had the focus is gone: the heading takes it, the notice is read out.
    heading.current?.focus();
  };

  const done = (from: Exclude<Dialog, null>, updated: ApiMyOrder) => {
    show(updated);
    setNotice(
      from === 'cancel'
        ? `Order ${updated.orderNumber} is cancelled. ${updated.refundable > 0 || updated.refunds.length > 0 ? 'Your refund is on its way to your original payment method (5–7 working days; UPI usually sooner).' : ''}`
        : from === 'address'
          ? `Order ${updated.orderNumber} will go to ${updated.shippingInfo.address}, ${updated.shippingInfo.city} ${updated.shippingInfo.pincode}.`
          : 'Your return request is sent. We will e-mail you once we have looked at it.',
    );
    setDialog(null);
    setFocusBack(from);
  };

  return (
    <div className="order-page container">
      <p className="order-back">
        <Link href="/my-orders">
          <span aria-hidden="true">← </span>My orders
        </Link>
      </p>
      <header className="order-page-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Order {order.orderNumber}
          </h1>
          <p className="order-page-date">
            Placed on <time dateTime={order.createdAt}>{formatDayAndTime(order.createdAt)}</time> ·{' '}
            {formatRupees(order.totalPriceAfterDiscount)}
          </p>
        </div>
        <OrderStatusBadge status={order.orderStatus} />
      </header>

      <div className="order-notice" role="status">
        {notice && <p>{notice}</p>}
      </div>

      {order.state === 'unconfirmed' && order.cod && !order.cod.confirmed && (
        <CodConfirmation
          order={{ ...order, cod: order.cod }}
          onConfirmed={confirmed}
          onChanged={show}
          onClosed={revalidate}
        />
      )}

      <FailedDelivery
        orderId={order._id}
        tracking={tracking}
        address={order.shippingInfo}
        onAnswered={() => {
          // The answer may have changed the delivery address and the timeline: read the order again.
          routeCache.delete(window.location.pathname + window.location.search);
          revalidate();
        }}
      />

      <OrderActions
        order={order}
        cancelButton={cancelButton}
        returnButton={returnButton}
        onOpen={setDialog}
      />

      <div className="order-layout">
        <div className="order-main">
          <OrderProgress order={order} />
          <OrderTracking shipped={shipped} tracking={tracking} />
          <section className="order-panel" aria-labelledby="order-items-title">
            <h2 id="order-items-title" className="order-panel-title">
              Items
            </h2>
            <OrderItems items={order.orderItems} />
          </section>
          <OrderReturns order={order} />
          <OrderRefunds order={order} />
        </div>
        <div className="order-side">
          <DeliveryAndPayment
            order={order}
            addressButton={addressButton}
            onChangeAddress={() => setDialog('address')}
          />
          <OrderDocuments order={order} />
          <OrderTimeline events={order.events} />
          <p className="order-help">
            Questions about this order? <Link href="/contact">Contact us</Link> with its number.
          </p>
        </div>
      </div>

      <OrderDialogs dialog={dialog} order={order} onDone={done} onClose={close} />
    </div>
  );
}
