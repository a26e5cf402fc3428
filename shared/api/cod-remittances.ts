import type * as schemas from './cod-remittances.schemas.js';
import { endpoint } from './endpoint.js';

/**
 * Cash on delivery remitted by the courier provider: the remittance report uploaded as the provider
 * exports it marks the COD orders it covers as paid; differences are listed, not applied.
 */
const tag = 'Shipments (staff)';

export const uploadCodRemittance = endpoint<typeof schemas.uploadCodRemittance>({
  method: 'POST',
  path: '/api/admin/shipping/cod-remittances',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Upload a COD remittance report (CSV): the orders it covers are marked paid',
  description:
    'multipart/form-data with the CSV in a `file` part, as the provider exports it. Its header names are ' +
    'read case-insensitively: the AWB (`AWB`, `AWB Code`, `AWB Number`…), the order id (`Order ID`, ' +
    '`Channel Order ID`…), the COD amount (`COD Amount`, `COD Value`, `Collected Amount`…), the remittance ' +
    'reference (`UTR`, `UTR No`, `CRF ID`, `Remittance ID`…) and the date (`Remittance Date`, `Remitted On`…); ' +
    'other columns are ignored. Each row whose parcel is a delivered cash-on-delivery parcel, with the ' +
    'amount it was to collect and not yet remitted, is applied; the order is marked paid (cash collected, ' +
    'with the reference) once every delivered parcel of it is remitted. Every other row is listed with ' +
    'its reason and changes nothing. The same file again changes nothing and answers `duplicate`. ' +
    'A file that is not CSV, lacks a needed column or has a bad amount is a 400 naming the line.',
  errors: [400, 413],
});

export const listCodRemittances = endpoint<typeof schemas.listCodRemittances>({
  method: 'GET',
  path: '/api/admin/shipping/cod-remittances',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The COD remittance reports uploaded, newest first (at most 50)',
});

export const getCodRemittance = endpoint<typeof schemas.getCodRemittance>({
  method: 'GET',
  path: '/api/admin/shipping/cod-remittances/:id',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'One COD remittance report: every row and what became of it',
  errors: [400, 404],
});
