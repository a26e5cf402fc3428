import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { remittanceOutcomes } from '../../../shared/api/cod-remittances.schemas.js';
import { pickupStatuses } from '../../../shared/api/pickups.schemas.js';
import { ndrAnswerKinds, rtoConditions, shipmentStatuses } from '../../../shared/api/shipments.schemas.js';
import { createdAt, id, updatedAt } from './columns.js';
import { type OrderLineQuantity, orderLines, orders } from './orders.js';
import { staff } from './staff.js';

/**
 * Parcels booked with a courier provider (the shipments module): an order's lines may go in
 * several parcels, each with its own AWB, status and tracking events.
 */

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // The courier provider (the built-in test courier, later an aggregator) and the courier it chose.
    provider: text('provider').notNull(),
    courier: text('courier').notNull(),
    // Null while the provider has not answered yet (status `pending`).
    awb: text('awb'),
    status: text('status', { enum: shipmentStatuses }).notNull().default('pending'),
    trackingUrl: text('tracking_url'),
    chargePaise: integer('charge_paise').notNull().default(0),
    promisedDays: smallint('promised_days'),
    chargeableWeightGrams: integer('chargeable_weight_grams').notNull(),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    // Cash the courier collects on delivery (0 for a prepaid parcel).
    codAmountPaise: bigint('cod_amount_paise', { mode: 'number' }).notNull().default(0),
    pickupDate: timestamp('pickup_date', { withTimezone: true, mode: 'date' }),
    // When the provider last told the shop of the parcel (a scan by webhook, or a poll of its
    // tracking): parcels quiet for hours are polled (flows/reconcile-shipments.ts).
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }),
    // The pickup the courier is to collect it in; cleared when the parcel is cancelled before it.
    pickupId: uuid('pickup_id').references((): AnyPgColumn => pickups.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    // A parcel returned to origin, received back at the shop: its condition, what went back to
    // stock, a note, who received it and when (once: the receipt settles the money).
    rtoCondition: text('rto_condition', { enum: rtoConditions }),
    rtoRestocked: jsonb('rto_restocked').$type<OrderLineQuantity[]>(),
    rtoNote: text('rto_note'),
    rtoReceivedAt: timestamp('rto_received_at', { withTimezone: true, mode: 'date' }),
    rtoReceivedBy: uuid('rto_received_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId, t.createdAt),
    // The reconciliation's two questions: parcels still pending, and parcels on the way gone quiet.
    index('shipments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} not in ('delivered', 'rto_delivered', 'cancelled', 'failed')`),
    index('shipments_pickup_idx').on(t.pickupId),
    // One parcel per AWB at a provider: the webhook finds the shipment by it.
    uniqueIndex('shipments_provider_awb_key').on(t.provider, t.awb),
    check('shipments_charge_nonnegative', sql`${t.chargePaise} >= 0 and ${t.codAmountPaise} >= 0`),
    check(
      'shipments_status_check',
      sql`${t.status} in ('pending', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'ndr', 'delivered', 'rto_initiated', 'rto_delivered', 'cancelled', 'failed')`,
    ),
    check('shipments_weight_positive', sql`${t.chargeableWeightGrams} > 0`),
    check('shipments_booked_has_awb', sql`${t.status} in ('pending', 'failed') or ${t.awb} is not null`),
    check(
      'shipments_rto_receipt',
      sql`${t.rtoReceivedAt} is null or (${t.status} = 'rto_delivered' and ${t.rtoCondition} in ('intact', 'damaged', 'missing-items') and ${t.rtoRestocked} is not null)`,
    ),
    // The parcels coming back or back at the shop, for the console's list of those to receive.
    index('shipments_rto_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('rto_initiated', 'rto_delivered')`),
  ],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: smallint('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderLineId] }),
    index('shipment_lines_order_line_idx').on(t.orderLineId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // The provider's own id of the scan: a webhook delivered again is recognised and ignored.
    providerEventId: text('provider_event_id').notNull(),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    location: text('location'),
    description: text('description'),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_provider_event_key').on(t.provider, t.providerEventId),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.occurredAt),
  ],
);

/**
 * A pickup asked of the courier provider: its parcels (`shipments.pickup_id`) collected from the
 * pickup address on a day (statuses: shared/api/pickups.schemas.ts).
 */
export const pickups = pgTable(
  'pickups',
  {
    id: id(),
    provider: text('provider').notNull(),
    // The day asked for, in India (YYYY-MM-DD).
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: pickupStatuses }).notNull().default('pending'),
    // The provider's reference for the pickup, once it answered (some give none).
    reference: text('reference'),
    // When the courier said it will come (the day at the provider's hour).
    pickupAt: timestamp('pickup_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pickups_day_idx').on(t.day, t.createdAt),
    check('pickups_status_check', sql`${t.status} in ('pending', 'scheduled', 'failed')`),
  ],
);

/**
 * Failed delivery attempts (NDRs, "non-delivery reports"): one row per failed attempt of a parcel,
 * opened by the courier's NDR scan, answered once (by the customer or staff: deliver again on a
 * day, or return to origin), and closed when the parcel moves on (out for delivery again,
 * delivered, returning) or fails again (the next attempt opens a new row). Holds no phone number
 * or address: a corrected one is written to the order's delivery address, so erasing the order's
 * personal data erases it too; here only whether one was given.
 */
export const shipmentNdrs = pgTable(
  'shipment_ndrs',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    // 1 for the first failed attempt, 2 after a re-attempt failed too...
    attempt: smallint('attempt').notNull(),
    reason: text('reason').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
    // The courier's window to answer; past it, the courier may send the parcel back.
    respondBy: timestamp('respond_by', { withTimezone: true, mode: 'date' }).notNull(),
    // The scan that reported it (shipment_events.provider_event_id).
    providerEventId: text('provider_event_id').notNull(),
    answerKind: text('answer_kind', { enum: ndrAnswerKinds }),
    answeredBy: text('answered_by', { enum: ['customer', 'staff'] }),
    answerDay: date('answer_day', { mode: 'string' }),
    answerPhoneChanged: boolean('answer_phone_changed').notNull().default(false),
    answerAddressChanged: boolean('answer_address_changed').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answerStaffId: uuid('answer_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    // The parcel's status that closed it (out_for_delivery, delivered, rto_initiated, ndr...).
    closedBy: text('closed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_ndrs_attempt_key').on(t.shipmentId, t.attempt),
    // At most one attempt of a parcel waits at a time.
    uniqueIndex('shipment_ndrs_open_key').on(t.shipmentId).where(sql`${t.closedAt} is null`),
    // The staff queue: the open ones by deadline.
    index('shipment_ndrs_queue_idx').on(t.respondBy).where(sql`${t.closedAt} is null`),
    check('shipment_ndrs_attempt_positive', sql`${t.attempt} > 0`),
    check(
      'shipment_ndrs_kinds_check',
      sql`${t.answerKind} in ('reattempt', 'update', 'return') and ${t.answeredBy} in ('customer', 'staff')`,
    ),
    check(
      'shipment_ndrs_answer_check',
      sql`(${t.answerKind} is null) = (${t.answeredAt} is null) and (${t.answerKind} is null) = (${t.answeredBy} is null) and (${t.answerKind} = 'return') = (${t.answerKind} is not null and ${t.answerDay} is null)`,
    ),
  ],
);

/**
 * A COD remittance report as the provider exported it (CSV), uploaded once: the same file again
 * (by its SHA-256) is recognised and changes nothing. `processing` until every row is settled, so
 * an upload cut short is finished by sending the file again.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    status: text('status', { enum: ['processing', 'processed'] })
      .notNull()
      .default('processing'),
    rowCount: integer('row_count').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('cod_remittances_file_key').on(t.fileSha256),
    index('cod_remittances_created_idx').on(t.createdAt),
    check('cod_remittances_status_check', sql`${t.status} in ('processing', 'processed')`),
  ],
);

/**
 * One row of a remittance report and what became of it: `applied` (its parcel's cash counted as
 * remitted, at most once per parcel whatever the file) or the difference that kept it out.
 */
export const codRemittanceRows = pgTable(
  'cod_remittance_rows',
  {
    id: id(),
    remittanceId: uuid('remittance_id')
      .notNull()
      .references(() => codRemittances.id, { onDelete: 'cascade' }),
    // The file's line number (the header is line 1), as a spreadsheet shows it.
    lineNo: integer('line_no').notNull(),
    awb: text('awb').notNull(),
    orderRef: text('order_ref'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    remittedOn: text('remitted_on'),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: remittanceOutcomes }).notNull(),
    // What the parcel was to collect, when it differs from the row's amount (or is known).
    expectedPaise: bigint('expected_paise', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cod_remittance_rows_line_key').on(t.remittanceId, t.lineNo),
    // A parcel's cash is remitted once: a second row applying it cannot be written.
    uniqueIndex('cod_remittance_rows_applied_key').on(t.shipmentId).where(sql`${t.outcome} = 'applied'`),
    index('cod_remittance_rows_awb_idx').on(t.awb),
    check('cod_remittance_rows_amount_nonnegative', sql`${t.amountPaise} >= 0`),
  ],
);
