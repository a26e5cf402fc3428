import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ApiMyOrder } from '../../shared/api/orders.schemas';
import type { Locale } from '../../shared/locales';
import { useNavigationPending, useRevalidate, useRouteData } from '../app/route-context';
import { PriceBreakup } from '../features/checkout/price-breakup';
import { OrderAddress, OrderItems, OrderPayment, OrderStatusBadge } from '../features/orders/order-card';
import { OrderProgress } from '../features/orders/order-progress';
import { OrderTimeline } from '../features/orders/order-timeline';
import {
  FailedDelivery,
  OrderTracking,
  prepareTracking,
  useParcelTracking,
} from '../features/orders/order-tracking';
import { prefetchMessages, WithMessages } from '../features/orders/with-messages';
import { Trans, type Translate, useLocale, useT } from '../i18n/i18n';
import { formatDay, formatDayAndTime } from '../lib/dates';
import { formatRupees } from '../lib/money';
import { preloadedPart } from '../lib/preloaded-part';
import { routeCache } from '../lib/route-cache';
import './order-page.css';

type Dialog = 'cancel' | 'return' | 'address' | null;

// The dialogs carry the form fields and the shared schemas (zod): they load when the customer
// reaches for a button, not with the page, which keeps its first load under the budget
// (docs/decisions/006-first-load-budget.md).
// What only some orders show comes in chunks of their own, fetched when the order shows them.
const CodConfirmation = preloadedPart('web/features/orders/cod-confirmation.tsx', () =>
  import('../features/orders/cod-confirmation').then((m) => m.CodConfirmation),
);
const OrderReturns = preloadedPart('web/features/orders/order-refunds.tsx', () =>
  import('../features/orders/order-refunds').then((m) => m.OrderReturns),
);
const OrderRefunds = preloadedPart('web/features/orders/order-refunds.tsx', () =>
  import('../features/orders/order-refunds').then((m) => m.OrderRefunds),
);
const OrderDocuments = preloadedPart('web/features/orders/order-documents.tsx', () =>
  import('../features/orders/order-documents').then((m) => m.OrderDocuments),
);

/** Left the warehouse: the page follows its parcels. */
const hasShipped = (order: ApiMyOrder) =>
  ['shipped', 'out_for_delivery', 'delivered', 'returned'].includes(order.fulfilmentStatus);

const awaitingCode = (order: ApiMyOrder) =>
  order.state === 'unconfirmed' && Boolean(order.cod && !order.cod.confirmed);

/** The parts this order shows beyond the page's own chunk (web/app/page-modules.ts). */
export async function prepare(data: unknown): Promise<string[]> {
  const order = data as ApiMyOrder | undefined;
  if (!order) return [];
  return Promise.all([
    ...(awaitingCode(order) ? [CodConfirmation.preload()] : []),
    ...(order.returns.length ? [OrderReturns.preload()] : []),
    ...(order.refunds.length ? [OrderRefunds.preload()] : []),
    ...(order.invoice ? [OrderDocuments.preload()] : []),
    ...prepareTracking(hasShipped(order)),
  ]);
}

const loadCancelDialog = () => import('../features/orders/cancel-order-dialog');
const loadReturnDialog = () => import('../features/orders/return-order-dialog');
const CancelOrderDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelOrderDialog })));
const loadAddressDialog = () => import('../features/orders/change-address-dialog');
const ChangeAddressDialog = lazy(() => loadAddressDialog().then((m) => ({ default: m.ChangeAddressDialog })));
const ReturnOrderDialog = lazy(() => loadReturnDialog().then((m) => ({ default: m.ReturnOrderDialog })));
/** The dialogs' words, an area of their own (features/orders/with-messages.tsx). */
const DIALOG_WORDS = 'order-actions';

/** A dialog's code and words, asked for as the shopper reaches for its button. */
function prepareDialog(load: () => Promise<unknown>, locale: Locale) {
  void load();
  prefetchMessages(locale, DIALOG_WORDS);
}

/** What the breakup's total is called: paid, or (cash on delivery) still to pay. */
function totalLabel(order: ApiMyOrder, t: Translate): string {
  if (order.paymentMethod !== 'cod' || order.paymentStatus !== 'unpaid') return t('order.page.totalPaid');
  return order.state === 'cancelled' ? t('order.page.total') : t('order.page.toPay');
}

/** What the page says once an action has answered, about the order as it is now. */
function noticeOf(from: Exclude<Dialog, null> | 'confirmed', updated: ApiMyOrder, t: Translate): string {
  const number = updated.orderNumber;
  if (from === 'confirmed')
    return t('order.page.confirmed', {
      number,
      amount: formatRupees(updated.cod?.amountDue ?? updated.totalPriceAfterDiscount),
    });
  if (from === 'cancel')
    return updated.refundable > 0 || updated.refunds.length > 0
      ? t('order.page.cancelledRefund', { number })
      : t('order.page.cancelled', { number });
  if (from === 'address') {
    const { address, city, pincode } = updated.shippingInfo;
    return t('order.page.addressChanged', { number, address, city, pincode });
  }
  return t('order.page.returnSent');
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
  const t = useT();
  const locale = useLocale();
  if (!order.allowed.cancel && !order.allowed.return) return null;
  return (
    <div className="order-actions">
      {order.allowed.cancel && (
        <button
          ref={cancelButton}
          type="button"
          className="button order-button--danger-ghost"
          aria-haspopup="dialog"
          onPointerEnter={() => prepareDialog(loadCancelDialog, locale)}
          onFocus={() => prepareDialog(loadCancelDialog, locale)}
          onClick={() => onOpen('cancel')}
        >
          {t('order.page.cancel')}
        </button>
      )}
      {order.allowed.return && (
        <button
          ref={returnButton}
          type="button"
          className="button button--ghost"
          aria-haspopup="dialog"
          onPointerEnter={() => prepareDialog(loadReturnDialog, locale)}
          onFocus={() => prepareDialog(loadReturnDialog, locale)}
          onClick={() => onOpen('return')}
        >
          {t('order.page.return')}
        </button>
      )}
      <p className="order-actions-hint">
        {order.allowed.cancel
          ? order.paymentStatus === 'unpaid'
            ? t('order.page.cancelUnpaid')
            : t('order.page.cancelPaid')
          : order.allowed.returnUntil
            ? t('order.page.returnUntil', { day: formatDay(order.allowed.returnUntil, locale) })
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
  const t = useT();
  const locale = useLocale();
  return (
    <section className="order-panel" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="order-panel-title">
        {t('order.page.deliveryAndPayment')}
      </h2>
      <div className="order-side-facts">
        <OrderAddress order={order} />
        {order.allowed.changeAddress && (
          <button
            ref={addressButton}
            type="button"
            className="button button--ghost order-address-change"
            aria-haspopup="dialog"
            onPointerEnter={() => prepareDialog(loadAddressDialog, locale)}
            onFocus={() => prepareDialog(loadAddressDialog, locale)}
            onClick={onChangeAddress}
          >
            {t('order.page.changeAddress')}
          </button>
        )}
        <OrderPayment
          order={order}
          // The same breakup the checkout showed.
          totals={
            <PriceBreakup
              breakup={order.breakup}
              items={order.orderItems.reduce((sum, item) => sum + item.quantity, 0)}
              totalLabel={totalLabel(order, t)}
            />
          }
        />
      </div>
    </section>
  );
}

/** The open dialog, its code and words loaded when first wanted. */
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
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <WithMessages area={DIALOG_WORDS}>
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
      </WithMessages>
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
  const t = useT();
  const locale = useLocale();
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
  const shipped = hasShipped(order);
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
    setNotice(noticeOf('confirmed', updated, t));
    // The panel that had the focus is gone: the heading takes it, the notice is read out.
    heading.current?.focus();
  };

  const done = (from: Exclude<Dialog, null>, updated: ApiMyOrder) => {
    show(updated);
    setNotice(noticeOf(from, updated, t));
    setDialog(null);
    setFocusBack(from);
  };

  return (
    <div className="order-page container">
      <p className="order-back">
        <Link href="/my-orders">
          <span aria-hidden="true">← </span>
          {t('orders.list.title')}
        </Link>
      </p>
      <header className="order-page-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            {t('orders.card.title', { number: order.orderNumber })}
          </h1>
          <p className="order-page-date">
            <Trans
              id="orders.card.placedOn"
              values={{ date: formatDayAndTime(order.createdAt, locale) }}
              components={{ 0: <time dateTime={order.createdAt} /> }}
            />{' '}
            · {formatRupees(order.totalPriceAfterDiscount)}
          </p>
        </div>
        <OrderStatusBadge status={order.orderStatus} />
      </header>

      <div className="order-notice" role="status">
        {notice && <p>{notice}</p>}
      </div>

      {awaitingCode(order) && order.cod && (
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
              {t('order.page.items')}
            </h2>
            <OrderItems items={order.orderItems} />
          </section>
          {order.returns.length > 0 && <OrderReturns order={order} />}
          {order.refunds.length > 0 && <OrderRefunds order={order} />}
        </div>
        <div className="order-side">
          <DeliveryAndPayment
            order={order}
            addressButton={addressButton}
            onChangeAddress={() => setDialog('address')}
          />
          {order.invoice && <OrderDocuments order={order} />}
          <OrderTimeline events={order.events} />
          <p className="order-help">
            <Trans id="order.page.help" components={{ 0: <Link href="/contact" /> }} />
          </p>
        </div>
      </div>

      <OrderDialogs dialog={dialog} order={order} onDone={done} onClose={close} />
    </div>
  );
}
