import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/reminders.js';
import * as schemas from '../../../shared/api/reminders.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';
import type { Reminders } from './reminders.service.js';

/** The cart reminder's link for the shopper, the console's view, and the e2e suite's hook. */
export async function remindersRoutes(
  app: FastifyInstance,
  { reminders, testHook }: { reminders: Reminders; testHook: boolean },
) {
  registerEndpoint(app, endpoints.restoreRemindedCart, schemas.restoreRemindedCart, ({ body }, request) =>
    reminders.restoreCart(currentUser(request).id, body.token),
  );
  registerEndpoint(app, endpoints.listReminders, schemas.listReminders, () => reminders.consoleList());
  if (testHook) {
    registerEndpoint(app, endpoints.sweepRemindersNow, schemas.sweepRemindersNow, async ({ body }) => {
      const outcome = await reminders.sweep(body.at ? new Date(body.at) : new Date());
      return { ...outcome, heldUntil: outcome.heldUntil?.toISOString() ?? null };
    });
  }
}
