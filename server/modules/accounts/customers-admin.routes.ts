import type { FastifyInstance } from 'fastify';
import type { ApiOptions } from '../api-options.js';

/** Issue 13 (merchant console): filled in by its slice. */
export async function customersAdminRoutes(app: FastifyInstance, options: ApiOptions) {
  void app;
  void options;
}
