/** The audit module's door: what other modules, flows and the app may use of it. */

export type { AuditActor } from './audit.js';
export { recordAudit, recordBulkRead, redactPersonFromAudit, sameActionSince } from './audit.js';
export { auditRoutes } from './audit.routes.js';
export { createAuditService } from './audit.service.js';
