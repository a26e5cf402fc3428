/** The staff module's door: what other modules, flows and the app may use of it. */
export { ensureFirstOwner } from './first-owner.js';
export { staffRoutes } from './staff.routes.js';
export { createStaffService } from './staff.service.js';
export { currentStaff, registerStaffAuth } from './staff-auth.js';
