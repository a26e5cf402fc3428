import { endpoint } from './endpoint.js';
import type * as schemas from './pickups.schemas.js';

/**
 * Pickups: staff choose booked parcels and a day, the courier provider is asked to collect them
 * from the pickup address, and the manifest lists what its agent takes away.
 */
const tag = 'Shipments (staff)';

export const pickups = endpoint<typeof schemas.pickups>({
  method: 'GET',
  path: '/api/admin/shipments/pickups',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Parcels waiting for a pickup, the pickups asked for, and the days one can be asked for',
  description:
    '`waiting`: booked parcels in no pickup (or in one whose day passed without the courier collecting ' +
    'them: `missedPickup`). `pickups`: from a week ago on, with their parcels now. `days`: today when it ' +
    'is before 14:00 India time, else the next day, then the following days; never a Sunday.',
});

export const requestPickup = endpoint<typeof schemas.requestPickup>({
  method: 'POST',
  path: '/api/admin/shipments/pickups',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Ask the courier provider to collect booked parcels on a day',
  description:
    'The day must be one of `days` of `GET /api/admin/shipments/pickups` (400 otherwise, naming the first ' +
    'day possible). Every parcel must be booked and not yet collected nor in another pickup (409 names the ' +
    'parcel). The same parcels and day sent again answer the same pickup; one the provider did not answer ' +
    'is asked for again (502 while it does not answer).',
  status: 201,
  errors: [400, 404, 409, 502],
});

export const pickupManifest = endpoint<typeof schemas.pickupManifest>({
  method: 'GET',
  path: '/api/admin/shipments/pickups/:id/manifest',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The manifest of a pickup, as an A4 PDF: one per courier, for its agent and the shop to sign',
  description:
    'application/pdf: the shop and pickup address, the courier, day and reference, a row per parcel (AWB, ' +
    'order number, weight, cash to collect, pieces), the totals, and signature lines. 409 for a pickup the ' +
    'provider refused or whose parcels were all cancelled.',
  errors: [400, 404, 409],
});
