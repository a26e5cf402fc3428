/** The shipping module's door: what other modules, flows and the app may use of it. */
export type { LiveParcel, LiveRate, LiveRateQuote } from './live-rates.js';
export { chargeableGrams, type ParcelItem, type RateCard, rateFor } from './parcels.js';
export { shippingRoutes } from './shipping.routes.js';
export {
  createShippingService,
  type DeliveryCharge,
  type FlatDelivery,
  type ParcelLine,
  type PickupAddress,
  type ShippingService,
} from './shipping.service.js';
export { createShippingSettings, type ShippingSettingsService } from './shipping-settings.service.js';
export { type Place, ZONES, type Zone, zoneOf } from './zones.js';
