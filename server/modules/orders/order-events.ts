import type { ApiOrderEvent } from '../../../shared/api/orders.schemas.js';
import { formatDeliveryDay } from '../../../shared/delivery-day.js';
import { formatPaise } from '../../../shared/money.js';
import type { OrderEventRow } from './order-lifecycle.repository.js';

/** Event types a customer never sees on their timeline (staff notes). */
const STAFF_ONLY = new Set(['note']);

const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** One line, in words a customer reads, for each kind of event. */
function titleOf(event: OrderEventRow, forStaff: boolean): string {
  const data = event.data ?? {};
  const byCustomer = event.actorType === 'customer';
  switch (event.type) {
    case 'placed':
      return data.paymentMethod === 'cod' ? 'Order placed: cash on delivery' : 'Order placed and paid';
    case 'cod_confirmed':
      return forStaff
        ? 'Confirmed by the customer with their code'
        : 'You confirmed the order with your code';
    case 'cash_collected':
      return `Cash of ${formatPaise(num(data.amountPaise))} collected on delivery`;
    case 'packed':
      return 'Packed';
    case 'shipped': {
      const carrier = str(data.carrier);
      return carrier ? `Shipped with ${carrier} (AWB ${str(data.awb)})` : 'Shipped';
    }
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      if (data.lapsed === true) return 'Cancelled: not confirmed with the code in time';
      return byCustomer
        ? forStaff
          ? 'Cancelled by the customer'
          : 'Cancelled by you'
        : 'Cancelled by the shop';
    case 'refund_requested':
      return `Refund of ${formatPaise(num(data.amountPaise))} started`;
    case 'refunded':
      if (data.method === 'not_collected')
        return `${formatPaise(num(data.amountPaise))} no longer to pay: the parcel came back (AWB ${str(data.reference)})`;
      if (data.method === 'upi' || data.method === 'bank_transfer')
        return `${formatPaise(num(data.amountPaise))} paid back by ${data.method === 'upi' ? 'UPI' : 'bank transfer'} (ref. ${str(data.reference)})`;
      return `${formatPaise(num(data.amountPaise))} refunded`;
    case 'refund_failed':
      return `Refund of ${formatPaise(num(data.amountPaise))} failed`;
    case 'return_requested':
      return byCustomer && !forStaff ? 'You asked to return items' : 'Return requested';
    case 'return_approved':
      return 'Return approved';
    case 'return_rejected':
      return 'Return rejected';
    case 'return_received':
      return data.restockable === false
        ? 'Returned items received (not resellable)'
        : 'Returned items received';
    case 'returned':
      return 'Order returned';
    case 'rto_initiated':
      return `Parcel ${str(data.awb)} could not be delivered and is coming back to us`;
    case 'rto_delivered':
      return `Parcel ${str(data.awb)} is back at our warehouse`;
    case 'rto_received':
      return forStaff
        ? `Parcel ${str(data.awb)} received back (${str(data.condition).replace('-', ' ')})`
        : `Parcel ${str(data.awb)} received back at our warehouse`;
    case 'returned_to_origin':
      return 'Order closed: every parcel came back to us undelivered';
    case 'address_changed':
      return byCustomer && !forStaff
        ? `You changed the delivery address (${str(data.city)} ${str(data.pincode)})`
        : `Delivery address changed by the customer (${str(data.city)} ${str(data.pincode)})`;
    case 'delivery_failed':
      return `Delivery attempt ${num(data.attempt) || 1} failed (AWB ${str(data.awb)})`;
    case 'delivery_answered':
      return deliveryAnswerTitle(data, event.actorType, forStaff);
    case 'note':
      return 'Staff note';
    default:
      return event.type.replace(/_/g, ' ');
  }
}

/** The answer to a failed delivery: "You asked for delivery again on Tue, 2 Dec, with a new phone number". */
function deliveryAnswerTitle(data: Record<string, unknown>, by: string, forStaff: boolean): string {
  const awbs = str(data.awbs);
  if (data.kind === 'return') return `Parcel ${awbs} is coming back to us (return to origin)`;
  const changed = [
    data.phoneChanged === true ? 'a new phone number' : '',
    data.addressChanged === true ? 'a corrected address' : '',
  ].filter(Boolean);
  const day = formatDeliveryDay(str(data.day));
  const who = by === 'customer' ? (forStaff ? 'The customer asked' : 'You asked') : 'We asked the courier';
  return `${who} for delivery again on ${day}${changed.length ? `, with ${changed.join(' and ')}` : ''}`;
}

/** The timeline as the customer (`forStaff` false) or staff see it, oldest first. */
export function presentEvents(events: OrderEventRow[], forStaff: boolean): ApiOrderEvent[] {
  return events
    .filter((event) => forStaff || !STAFF_ONLY.has(event.type))
    .map((event) => ({
      type: event.type,
      at: event.createdAt.toISOString(),
      by: event.actorType,
      title: titleOf(event, forStaff),
      // Why a customer cancelled or returned is theirs to see; a staff note on a rejection too.
      note: event.note,
      actor: forStaff ? event.actorName : null,
    }));
}
