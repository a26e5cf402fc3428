/** The shipping module's door: what other modules, flows and the app may use of it. */
export { deliveryBy } from './delivery-date.js';
export { chargeableGrams, type ParcelItem, type RateCard, rateFor } from './parcels.js';
export { type Place, ZONES, type Zone, zoneOf } from './zones.js';
