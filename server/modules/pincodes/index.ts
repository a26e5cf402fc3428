/** The pincodes module's door: what other modules, flows and the app may use of it. */
export { checkDeliveryPincode, type DeliveryPlace, deliveryPlaceOf } from './delivery-check.js';
export {
  DISPATCH_CUTOFF_HOUR,
  deliveryBy,
  formatIndiaDay,
  pickupDays,
  secondsUntilDatesMove,
} from './delivery-days.js';
export { pincodesRoutes } from './pincodes.routes.js';
export { createPincodesService } from './pincodes.service.js';
