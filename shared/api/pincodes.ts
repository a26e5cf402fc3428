import { endpoint } from './endpoint.js';
import type * as schemas from './pincodes.schemas.js';

/*
 * Where the shop delivers: a public pincode check for the product page and the
 * checkout, and the console's list of serviceable pincodes with its CSV export and import.
 */
const tag = 'Delivery';

export const getPincode = endpoint<typeof schemas.getPincode>({
  method: 'GET',
  path: '/api/pincode/:pin',
  access: 'public',
  tag,
  summary: 'Does the shop deliver to a pincode, and by when',
  description:
    '`{pincode, serviceable, cod, city, state, deliveryBy}`. `deliveryBy` is the estimated delivery day ' +
    '(`YYYY-MM-DD`, India time): today in India plus the pincode’s delivery days, Sundays not counted. ' +
    'A pincode the shop’s list does not hold answers 200 with `serviceable: false` and `city`, `state` and ' +
    '`deliveryBy` null (a storefront shows “We do not deliver to … yet” rather than an error). While the ' +
    'list is empty (a shop that never loaded one) the shop delivers everywhere: `serviceable: true`, ' +
    '`city` and `state` null, delivery in 5 days. `cod` says whether cash on delivery is allowed there. A ' +
    'malformed pincode is a 400. Cacheable: public answers carry `cache-control: public` until India’s ' +
    'midnight at the latest (the date moves then), at most 10 minutes.',
  errors: [400, 429],
});

export const pincodesTable = endpoint<typeof schemas.pincodesTable>({
  method: 'GET',
  path: '/api/admin/pincodes',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The console’s table of serviceable pincodes',
  description:
    '`q` (digits: pincodes starting with them; words: city or district), `state`, `status` ' +
    '(serviceable, unserviceable, no-cod), pages of 50 in pincode order. `listed` counts the whole list.',
  errors: [400],
});

export const exportPincodes = endpoint<typeof schemas.exportPincodes>({
  method: 'GET',
  path: '/api/admin/pincodes/export',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Export pincodes as CSV',
  description:
    'text/csv with the columns pincode, city, district, state, serviceable, cod (yes or no), deliveryDays: ' +
    'every pincode matching the table’s filters, ready to edit and import back.',
  errors: [400],
});

export const importPincodes = endpoint<typeof schemas.importPincodes>({
  method: 'POST',
  path: '/api/admin/pincodes/import',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Import pincodes from CSV',
  description:
    'multipart/form-data with the CSV in a `file` part. Either the export’s columns (pincode required; a ' +
    'new pincode needs city and state; serviceable and cod yes/no, default yes; deliveryDays 0-60, default ' +
    'from the state’s distance to the warehouse; an empty cell leaves an existing value as it is), or the ' +
    'All India Pincode Directory as data.gov.in publishes it (officename, pincode, officetype, ' +
    'delivery/Deliverystatus, district/Districtname, statename…): its post offices are merged into one ' +
    'row per pincode, the district naming the city; a new pincode is serviceable when one of its offices ' +
    'delivers; an existing one keeps its serviceable, cod and days. Every row is checked first; when any ' +
    'is rejected nothing is written and the report lists each problem with its row (the header is row 1). ' +
    '`dryRun=true` checks without writing. At most 2,00,000 rows or 50 MB.',
  errors: [400, 413, 429],
});
