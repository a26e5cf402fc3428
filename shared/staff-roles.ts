/**
 * Who on the shop's staff may do what. One table for the server (which enforces it on every staff
 * route) and the console (which only hides what a role cannot use). Owners can do everything.
 */
export const staffRoles = ['owner', 'catalogue', 'orders', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffPermissions = [
  /** Products, stock, images, brands, categories, colours, blogs and their categories, coupons. */
  'catalogue',
  /** See orders and the sales figures. */
  'orders.read',
  /** Move orders on, cancel, refund. */
  'orders.write',
  /** Search and view customers, their orders and reviews. */
  'customers.read',
  /** Block and unblock customers. */
  'customers.write',
  /** The enquiries inbox: read, reply, note, change status. */
  'enquiries',
  /** Invite, change and revoke staff; shop-wide security settings. */
  'staff',
  /** Read the audit trail. */
  'audit',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

const grants: Record<StaffRole, readonly StaffPermission[]> = {
  owner: staffPermissions,
  catalogue: ['catalogue'],
  orders: ['orders.read', 'orders.write', 'customers.read'],
  support: ['enquiries', 'customers.read', 'orders.read'],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return grants[role].includes(permission);
}

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  catalogue: 'Catalogue manager',
  orders: 'Orders',
  support: 'Support',
};

export const staffRoleDescriptions: Record<StaffRole, string> = {
  owner: 'Everything, including staff, security settings and the audit trail.',
  catalogue: 'Products, stock, images, brands, categories, colours, blogs and coupons.',
  orders: 'Orders and refunds; customers read-only.',
  support: 'Enquiries; customers and orders read-only.',
};
