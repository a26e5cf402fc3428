import type { ShippingInfo } from '../../shared/api/orders.schemas.js';
import type {
  ApiFailedDeliveryQueueRow,
  ApiParcelTracking,
  CorrectedAddress,
  NdrAnswerKind,
} from '../../shared/api/shipments.schemas.js';
import { formatDeliveryDay } from '../../shared/delivery-day.js';
import type { Database, Transaction } from '../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.js';
import { customerContact } from '../modules/accounts/index.js';
import type { AuditActor } from '../modules/audit/index.js';
import { findOrder, type LifecycleActor, type OrderChanges, type OrderRow } from '../modules/orders/index.js';
import {
  type CourierProvider,
  CourierProviderError,
  findShipment,
  type NdrAction,
  type NdrRow,
  openNdrQueue,
  openNdrsOf,
  presentFailedDelivery,
  reattemptDays,
  recordNdrAnswer,
  type ShipmentRow,
  shipmentsOfOrder,
} from '../modules/shipments/index.js';
import { SHIPMENT_NOT_FOUND } from './cancel-shipment.js';

/** The staff's queue shows at most this many parcels (the most urgent first). */
const QUEUE_LIMIT = 500;

/** What a customer or staff member sends: the day, and a corrected phone or address. */
type AnswerInput = {
  action: NdrAnswerKind;
  date?: string | undefined;
  phone?: string | undefined;
  address?: CorrectedAddress | undefined;
};

/** An answer checked against the order and today: what the courier is told. */
type Answer = {
  kind: NdrAnswerKind;
  day: string | null;
  phone: string | undefined;
  address: (CorrectedAddress & { pincode: string }) | undefined;
};

type Attempt = { ndr: NdrRow; shipment: ShipmentRow };

/** The day's words with its date, for a message: "Tue, 2 Dec (2026-12-02)". */
const dayList = (days: string[]) => days.map((day) => `${formatDeliveryDay(day)} (${day})`).join(', ');

/** Checks an answer against the order and the days the courier delivers now (400 naming the field). */
function readAnswer(input: AnswerInput, order: OrderRow, now: Date): Answer {
  if (input.action === 'return') return { kind: 'return', day: null, phone: undefined, address: undefined };
  const days = reattemptDays(now);
  if (input.date !== undefined && !days.includes(input.date)) {
    const message = `The courier can deliver again on ${dayList(days)}: choose one of those days.`;
    throw badRequest(message, { date: message });
  }
  if (input.action === 'reattempt' && input.date === undefined) {
    const message = `Choose the day to deliver again: ${dayList(days)}.`;
    throw badRequest(message, { date: message });
  }
  if (input.action === 'update' && !input.phone && !input.address) {
    const message = 'Give the courier a new phone number or a corrected address.';
    throw badRequest(message, { phone: message });
  }
  const to = order.shippingInfo;
  if (input.address?.pincode && input.address.pincode !== to.pincode) {
    const message = `The pincode must stay ${to.pincode}: a courier delivers a parcel only within the pincode it was booked to. To have it sent elsewhere, contact us.`;
    throw badRequest(message, { 'address.pincode': message });
  }
  if (input.address && input.address.state !== to.state) {
    const message = `The state must stay ${to.state}, the state of pincode ${to.pincode}.`;
    throw badRequest(message, { 'address.state': message });
  }
  return {
    kind: input.action,
    day: input.date ?? days[0]!,
    phone: input.phone,
    address: input.address && { ...input.address, pincode: to.pincode },
  };
}

/**
 * Whether an attempt's answer already says all this one does (the same answer sent again): the same
 * kind and day, and any phone or address given is the one the order now has from that answer.
 */
function alreadySays(ndr: NdrRow, input: AnswerInput, order: OrderRow): boolean {
  if (ndr.answerKind !== input.action) return false;
  if (input.action === 'return') return true;
  if (input.date !== undefined && input.date !== ndr.answerDay) return false;
  const to = order.shippingInfo;
  if (input.phone && !(ndr.answerPhoneChanged && input.phone === to.mobile)) return false;
  const a = input.address;
  return (
    !a ||
    (ndr.answerAddressChanged && a.address === to.address && a.landmark === to.landmark && a.city === to.city)
  );
}

/** An answer in words: "delivery again on Tue, 2 Dec, asked by the customer". */
function answerWords(ndr: NdrRow): string {
  const what =
    ndr.answerKind === 'return'
      ? 'return the parcel to the shop'
      : `deliver again on ${formatDeliveryDay(ndr.answerDay ?? '')}`;
  return `${what}, asked by ${ndr.answeredBy === 'customer' ? 'the customer' : 'the shop'}`;
}

const courierActionOf = (answer: Answer): NdrAction =>
  answer.kind === 'return'
    ? { kind: 'return' }
    : {
        kind: 'reattempt',
        day: answer.day!,
        phone: answer.phone,
        address: answer.address && {
          lines: [
            answer.address.address,
            answer.address.landmark ? `Landmark: ${answer.address.landmark}` : '',
          ].filter(Boolean),
          city: answer.address.city,
          state: answer.address.state,
          pincode: answer.address.pincode,
        },
      };

/** Passing an answer to the courier and recording it, with the order's corrected address and timeline. */
function createAnswering(deps: { changes: OrderChanges; courier: CourierProvider }) {
  const { changes, courier } = deps;

  async function tellCourier(awb: string, answer: Answer) {
    try {
      await courier.actOnNdr(awb, courierActionOf(answer));
    } catch (error) {
      if (error instanceof CourierProviderError && error.statusCode && error.statusCode < 500)
        throw conflict(`The courier did not accept the answer for parcel ${awb}: ${error.message}`);
      const detail = error instanceof Error ? ` (${error.message})` : '';
      throw new AppError(502, `The courier did not answer${detail}. Nothing was changed: please try again.`);
    }
  }

  /** Passes the answer to the courier for each attempt, records it, and writes the corrected address. */
  async function answerAttempts(
    tx: Transaction,
    order: OrderRow,
    actor: LifecycleActor,
    attempts: Attempt[],
    answer: Answer,
  ) {
    const now = changes.now();
    for (const { shipment } of attempts) await tellCourier(shipment.awb ?? '', answer);
    for (const { ndr } of attempts) {
      await recordNdrAnswer(tx, ndr.id, {
        answerKind: answer.kind,
        answeredBy: actor.kind === 'customer' ? 'customer' : 'staff',
        answerDay: answer.day,
        answerPhoneChanged: answer.phone !== undefined,
        answerAddressChanged: answer.address !== undefined,
        answerStaffId: actor.kind === 'staff' ? actor.staff.id : null,
        answeredAt: now,
      });
    }
    const before = order.shippingInfo;
    const shippingInfo: ShippingInfo = {
      ...before,
      ...(answer.address && {
        address: answer.address.address,
        landmark: answer.address.landmark,
        city: answer.address.city,
      }),
      ...(answer.phone && { mobile: answer.phone }),
    };
    if (answer.phone || answer.address) await changes.write(tx, order, { shippingInfo });
    const awbs = attempts.map((a) => a.shipment.awb).join(', ');
    const data = {
      kind: answer.kind,
      day: answer.day,
      awbs,
      shipmentIds: attempts.map((a) => a.shipment.id),
      phoneChanged: answer.phone !== undefined,
      addressChanged: answer.address !== undefined,
    };
    await changes.event(tx, order, actor, 'delivery_answered', { data });
    await changes.audit(
      tx,
      actor,
      order,
      `shipment.ndr.${answer.kind}`,
      answer.kind === 'return'
        ? `Parcel ${awbs} of order ${order.orderNumber} to be returned to origin after a failed delivery`
        : `Parcel ${awbs} of order ${order.orderNumber} to be delivered again on ${answer.day}`,
      { attempts: attempts.map((a) => a.ndr.attempt), shippingInfo: before },
      { ...data, shippingInfo },
    );
  }

  return { answerAttempts };
}

/** The staff's queue: each open attempt with its order and customer. */
function createQueue(deps: { db: Database; changes: OrderChanges }) {
  const { db, changes } = deps;

  async function queueRow(ndr: NdrRow, shipment: ShipmentRow, order: OrderRow, now: Date) {
    const contact = await customerContact(db, order.userId);
    const to = order.shippingInfo;
    return {
      shipmentId: shipment.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      customer: {
        name: `${to.firstName} ${to.lastName}`.trim(),
        email: contact?.email ?? null,
        phone: to.mobile || null,
      },
      courier: shipment.courier,
      awb: shipment.awb,
      status: shipment.status,
      failedDelivery: presentFailedDelivery(ndr, now),
    } satisfies ApiFailedDeliveryQueueRow;
  }

  /** The staff's queue: every parcel whose failed attempt is still open, unanswered and urgent first. */
  async function queue(): Promise<{ parcels: ApiFailedDeliveryQueueRow[] }> {
    const rows = await openNdrQueue(db, QUEUE_LIMIT);
    const now = changes.now();
    const orders = new Map<string, OrderRow | undefined>();
    for (const { shipment } of rows)
      if (!orders.has(shipment.orderId)) orders.set(shipment.orderId, await findOrder(db, shipment.orderId));
    const parcels: ApiFailedDeliveryQueueRow[] = [];
    for (const { ndr, shipment } of rows) {
      const order = orders.get(shipment.orderId);
      if (order) parcels.push(await queueRow(ndr, shipment, order, now));
    }
    return { parcels };
  }

  return { queue, queueRow };
}

/**
 * Answering a parcel's failed delivery attempt (an NDR; crossing orders and shipments): the
 * customer from their order page (deliver again on a day, or with a corrected phone or address),
 * staff from their queue (deliver again, or return to origin). Under the order's lock the answer is
 * checked, passed to the courier and recorded in one transaction, so the same answer sent twice is
 * one answer and one the courier refused or never heard is not recorded at all; a corrected phone
 * or address becomes the order's delivery address, and the order's timeline (and, for staff, the
 * audit log) says what was asked.
 */
export function createFailedDeliveries(deps: {
  db: Database;
  changes: OrderChanges;
  courier: CourierProvider;
  tracking: { parcelsOf(userId: string, orderId: string): Promise<ApiParcelTracking[]> };
}) {
  const { db, changes } = deps;
  const { answerAttempts } = createAnswering(deps);
  const { queue, queueRow } = createQueue(deps);

  /** The customer's answer for every parcel of their order waiting for one; answers the parcels. */
  async function answerMine(userId: string, orderId: string, input: AnswerInput) {
    const actor = await changes.customerActor(userId);
    await changes.withOrder(actor, orderId, async (tx, order) => {
      const parcels = (await shipmentsOfOrder(tx, order.id)).filter((parcel) => parcel.awb);
      const open = await openNdrsOf(
        tx,
        parcels.map((parcel) => parcel.id),
        { lock: true },
      );
      if (open.length === 0)
        throw conflict(`No parcel of order ${order.orderNumber} is waiting for an answer about a delivery.`);
      const now = changes.now();
      const attempts: Attempt[] = [];
      for (const ndr of open) {
        if (ndr.answerKind) {
          if (alreadySays(ndr, input, order)) continue;
          throw conflict(
            `This delivery was already answered: ${answerWords(ndr)}. To change it, contact us.`,
          );
        }
        if (now.getTime() > ndr.respondBy.getTime())
          throw conflict(
            'The courier’s time to answer has passed: the parcel may be on its way back to us. Please contact us.',
          );
        attempts.push({ ndr, shipment: parcels.find((parcel) => parcel.id === ndr.shipmentId)! });
      }
      if (attempts.length === 0) return;
      await answerAttempts(tx, order, actor, attempts, readAnswer(input, order, now));
    });
    return { parcels: await deps.tracking.parcelsOf(userId, orderId) };
  }

  /** Staff answer one parcel's failed attempt: deliver again on a day, or return it to origin. */
  async function act(staff: AuditActor, shipmentId: string, input: AnswerInput) {
    const found = await findShipment(db, shipmentId);
    if (!found) throw notFound(SHIPMENT_NOT_FOUND);
    const actor: LifecycleActor = { kind: 'staff', staff };
    await changes.withOrder(actor, found.orderId, async (tx, order) => {
      const [ndr] = await openNdrsOf(tx, [shipmentId], { lock: true });
      if (!ndr)
        throw conflict(
          `Parcel ${found.awb ?? ''} is not waiting for an answer about a failed delivery (it is ${found.status.replace(/_/g, ' ')}).`,
        );
      if (ndr.answerKind) {
        if (alreadySays(ndr, input, order)) return;
        throw conflict(`This failed delivery was already answered: ${answerWords(ndr)}.`);
      }
      await answerAttempts(
        tx,
        order,
        actor,
        [{ ndr, shipment: found }],
        readAnswer(input, order, changes.now()),
      );
    });
    const [[ndr], shipment, order] = await Promise.all([
      openNdrsOf(db, [shipmentId]),
      findShipment(db, shipmentId),
      findOrder(db, found.orderId),
    ]);
    // The parcel moved on meanwhile (a scan closed the attempt): the queue no longer has it.
    if (!ndr || !shipment || !order) throw conflict('The parcel has moved on meanwhile: reload the queue.');
    return queueRow(ndr, shipment, order, changes.now());
  }

  return { answerMine, queue, act };
}

export type FailedDeliveries = ReturnType<typeof createFailedDeliveries>;
