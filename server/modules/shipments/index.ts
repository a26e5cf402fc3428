/** The shipments module's door: what flows and the app may use of it. */

export { type RemittanceCsvRow, readRemittanceCsv } from './cod-remittance-csv.js';
export {
  claimRemittance,
  findRemittance,
  insertRemittanceLine,
  linesOfRemittances,
  listRemittances,
  markRemittanceProcessed,
  type RemittanceLineRow,
  type RemittanceRow,
  remittedParcels,
  settledLines,
} from './cod-remittances.repository.js';
export { codRemittancesRoutes } from './cod-remittances.routes.js';
export type {
  Address,
  Booking,
  CourierEvent,
  CourierOption,
  CourierProvider,
  NdrAction,
  Parcel,
} from './courier-provider.js';
export { CourierProviderError } from './courier-provider.js';
export { courierWebhookRoutes, testCourierRoutes, type WebhookOutcome } from './courier-webhooks.routes.js';
export {
  isAwaitingAnswer,
  NDR_ANSWER_HOURS,
  presentFailedDelivery,
  REATTEMPT_DAY_CHOICES,
  reattemptDays,
  respondByOf,
} from './failed-deliveries.js';
export type { NdrAnswerValues, NdrRow } from './failed-deliveries.repository.js';
export {
  closeOpenNdr,
  openNdr,
  openNdrQueue,
  openNdrsOf,
  recordNdrAnswer,
} from './failed-deliveries.repository.js';
export { myOrderTrackingRoutes } from './my-tracking.routes.js';
export { type ManifestParcel, type ManifestView, renderManifests } from './pickup-manifest-pdf.js';
export {
  emptyPickup,
  findPickup,
  insertPickup,
  lockParcelsForPickup,
  lockPickup,
  type PickupRow,
  parcelsAwaitingPickup,
  parcelsOfPickups,
  pickupsByIds,
  pickupsSince,
  putInPickup,
  setPickupDateOfParcels,
  updatePickup,
} from './pickups.repository.js';
export { pickupsRoutes } from './pickups.routes.js';
export { parcelEndsSince, parcelsReturningToOrigin, type RtoParcel } from './returns-to-origin.repository.js';
export { selectCourierProvider } from './select-courier-provider.js';
export { type LabelFonts, type LabelView, renderLabels } from './shipment-label-pdf.js';
export {
  chooseCourier,
  FROM_EVENT,
  isActive,
  isCancellable,
  isReturning,
  presentShipment,
  slowestStep,
  statusAfterScan,
} from './shipment-status.js';
export type { ShipmentRow, ShipmentWithLines } from './shipments.repository.js';
export {
  eventsOfShipment,
  findShipment,
  findShipmentByAwb,
  insertShipment,
  insertShipmentEvent,
  lockShipment,
  lockShipmentByAwb,
  pendingShipments,
  quietShipments,
  shipmentsByIds,
  shipmentsOfOrder,
  unitsInParcels,
  unitsReturningToOrigin,
  updateShipment,
} from './shipments.repository.js';
export { shipmentsRoutes } from './shipments.routes.js';
export type { TestCourierProvider } from './test-courier/test-courier-provider.js';
