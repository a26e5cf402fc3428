import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/audit.js';
import * as schemas from '../../../shared/api/audit.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { AuditService } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  registerEndpoint(app, endpoints.listAuditEvents, schemas.listAuditEvents, ({ query }) => audit.list(query));
}
