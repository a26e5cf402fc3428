import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { StaffPermission } from '../../shared/staff-roles';
import type { ConsolePageProps } from './lib/page-props';

/**
 * The console's pages. Each is its own chunk (loaded on first visit); `permission` hides the page
 * from roles without it (the API refuses them anyway); `nav` puts it in the sidebar.
 */
export type ConsoleRoute = {
  path: string;
  page: LazyExoticComponent<ComponentType<ConsolePageProps>>;
  permission: StaffPermission | 'self';
  nav?: { label: string; group: 'Sell' | 'Catalogue' | 'Content' | 'Customers' | 'Shop' };
  /** Extra props, e.g. which taxonomy a shared page shows. */
  props?: Omit<ConsolePageProps, 'params'>;
};

const page = (load: () => Promise<{ default: ComponentType<ConsolePageProps> }>) => lazy(load);

export const consoleRoutes: ConsoleRoute[] = [
  {
    path: '/',
    page: page(() => import('./pages/dashboard-page')),
    permission: 'orders.read',
    nav: { label: 'Dashboard', group: 'Sell' },
  },
  {
    path: '/orders',
    page: page(() => import('./pages/orders-page')),
    permission: 'orders.read',
    nav: { label: 'Orders', group: 'Sell' },
  },
  {
    // Booked parcels handed to the courier on a day, with the manifest its agent signs.
    path: '/shipments/pickups',
    page: page(() => import('./pages/pickups-page')),
    permission: 'orders.read',
    nav: { label: 'Pickups', group: 'Sell' },
  },
  {
    // The month's invoices less credit notes: a sales figure, for whoever sees orders.
    path: '/reports/gst',
    page: page(() => import('./pages/gst-report-page')),
    permission: 'orders.read',
    nav: { label: 'GST summary', group: 'Sell' },
  },
  {
    path: '/orders/:id/packing-slip',
    page: page(() => import('./pages/packing-slip-page')),
    permission: 'orders.read',
  },
  { path: '/orders/:id', page: page(() => import('./pages/order-page')), permission: 'orders.read' },
  {
    // Where the shop delivers: kept by the staff who ship orders (orders.write imports), read by all
    // who see orders.
    path: '/pincodes',
    page: page(() => import('./pages/pincodes-page')),
    permission: 'orders.read',
    nav: { label: 'Delivery pincodes', group: 'Sell' },
  },
  {
    // Read by whoever sees orders; saved by those who ship them (the API asks orders.write).
    path: '/settings/shipping',
    page: page(() => import('./pages/shipping-settings-page')),
    permission: 'orders.read',
    nav: { label: 'Shipping', group: 'Sell' },
  },
  {
    // Parcels the courier could not deliver: read by whoever sees orders, answered by those who ship.
    path: '/shipments/failed-deliveries',
    page: page(() => import('./pages/failed-deliveries-page')),
    permission: 'orders.read',
    nav: { label: 'Failed deliveries', group: 'Sell' },
  },
  {
    // Parcels the courier brought back: read by whoever sees orders, received by those who ship.
    path: '/shipments/returns-to-origin',
    page: page(() => import('./pages/returns-to-origin-page')),
    permission: 'orders.read',
    nav: { label: 'Returns to origin', group: 'Sell' },
  },
  {
    // The courier's COD remittance reports: uploaded by those who ship (orders.write), read by all
    // who see orders.
    path: '/shipping/remittances',
    page: page(() => import('./pages/cod-remittances-page')),
    permission: 'orders.read',
    nav: { label: 'COD remittances', group: 'Sell' },
  },
  {
    path: '/products',
    page: page(() => import('./pages/products-page')),
    permission: 'catalogue',
    nav: { label: 'Products', group: 'Catalogue' },
  },
  {
    // Shoppers waiting for sold-out products and sizes, and the alerts sent (decision 056).
    path: '/products/back-in-stock',
    page: page(() => import('./pages/back-in-stock-page')),
    permission: 'catalogue',
    nav: { label: 'Back in stock', group: 'Catalogue' },
  },
  { path: '/products/new', page: page(() => import('./pages/product-edit-page')), permission: 'catalogue' },
  {
    path: '/products/import',
    page: page(() => import('./pages/product-import-page')),
    permission: 'catalogue',
    nav: { label: 'Import and export', group: 'Catalogue' },
  },
  { path: '/products/:id', page: page(() => import('./pages/product-edit-page')), permission: 'catalogue' },
  {
    path: '/categories',
    page: page(() => import('./pages/taxonomy-page')),
    permission: 'catalogue',
    nav: { label: 'Categories', group: 'Catalogue' },
    props: { kind: 'category' },
  },
  {
    path: '/brands',
    page: page(() => import('./pages/taxonomy-page')),
    permission: 'catalogue',
    nav: { label: 'Brands', group: 'Catalogue' },
    props: { kind: 'brand' },
  },
  {
    path: '/colors',
    page: page(() => import('./pages/taxonomy-page')),
    permission: 'catalogue',
    nav: { label: 'Colours', group: 'Catalogue' },
    props: { kind: 'color' },
  },
  {
    path: '/coupons',
    page: page(() => import('./pages/coupons-page')),
    permission: 'catalogue',
    nav: { label: 'Coupons', group: 'Catalogue' },
  },
  {
    path: '/blogs',
    page: page(() => import('./pages/blogs-page')),
    permission: 'catalogue',
    nav: { label: 'Blog posts', group: 'Content' },
  },
  { path: '/blogs/new', page: page(() => import('./pages/blog-edit-page')), permission: 'catalogue' },
  { path: '/blogs/:id', page: page(() => import('./pages/blog-edit-page')), permission: 'catalogue' },
  {
    path: '/blog-categories',
    page: page(() => import('./pages/taxonomy-page')),
    permission: 'catalogue',
    nav: { label: 'Blog categories', group: 'Content' },
    props: { kind: 'blogcategory' },
  },
  {
    path: '/customers',
    page: page(() => import('./pages/customers-page')),
    permission: 'customers.read',
    nav: { label: 'Customers', group: 'Customers' },
  },
  { path: '/customers/:id', page: page(() => import('./pages/customer-page')), permission: 'customers.read' },
  {
    path: '/enquiries',
    page: page(() => import('./pages/enquiries-page')),
    permission: 'enquiries',
    nav: { label: 'Support inbox', group: 'Customers' },
  },
  { path: '/enquiries/:id', page: page(() => import('./pages/enquiry-page')), permission: 'enquiries' },
  {
    // Offers only to customers who asked for them.
    path: '/offer-emails',
    page: page(() => import('./pages/offer-emails-page')),
    permission: 'customers.write',
    nav: { label: 'Offer e-mails', group: 'Customers' },
  },
  {
    // Price drops and cart reminders sent (decision 057): who read customers see them, masked.
    path: '/reminders',
    page: page(() => import('./pages/reminders-page')),
    permission: 'customers.read',
    nav: { label: 'Reminders', group: 'Customers' },
  },
  {
    // SMS and WhatsApp messages to customers, read-only, for whoever sees customers.
    path: '/messages',
    page: page(() => import('./pages/messages-page')),
    permission: 'customers.read',
    nav: { label: 'Messages', group: 'Customers' },
  },
  {
    path: '/staff',
    page: page(() => import('./pages/staff-page')),
    permission: 'staff',
    nav: { label: 'Staff', group: 'Shop' },
  },
  {
    path: '/settings/security',
    page: page(() => import('./pages/security-settings-page')),
    permission: 'staff',
    nav: { label: 'Security settings', group: 'Shop' },
  },
  {
    path: '/audit',
    page: page(() => import('./pages/audit-page')),
    permission: 'audit',
    nav: { label: 'Audit trail', group: 'Shop' },
  },
  {
    path: '/account',
    page: page(() => import('./pages/account-page')),
    permission: 'self',
    nav: { label: 'My account', group: 'Shop' },
  },
];
