import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/data-rights.js';
import * as schemas from '../../../shared/api/data-rights.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';
import type { DataExport } from './data-export.service.js';
import type { MarketingConsent } from './marketing-consent.service.js';

/**
 * The customer's own data (shared/api/data-rights.ts): downloads, limited per account; erasure,
 * whose password is limited per account like the profile's; the marketing choice and its one-click
 * withdrawal link.
 */
export async function dataRightsRoutes(
  app: FastifyInstance,
  services: {
    dataExport: DataExport;
    /** The erasure flow (server/flows/erase-account.ts). */
    accountErasure: { eraseOnRequest(userId: string, currentPassword: string): Promise<{ message: string }> };
    marketingConsent: MarketingConsent;
  },
) {
  const { dataExport, accountErasure, marketingConsent } = services;
  const perAccount = (request: FastifyRequest) => currentUser(request).id;
  const exportLimit = limiter(app, 'data-export', { max: 10, minutes: 60, key: perAccount });
  // The same allowance as the profile's e-mail change: a stolen session cannot guess the password.
  const erasureLimit = limiter(app, 'current-password', { max: 10, minutes: 15, key: perAccount });
  const unsubscribeLimit = limiter(app, 'marketing-unsubscribe', { max: 30, minutes: 15 });
  const day = () => new Date().toISOString().slice(0, 10);

  // Mail programs' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form;
  // the token is in the URL, so the body is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, { form: String(body).slice(0, 200) }),
  );

  registerEndpoint(
    app,
    endpoints.exportMyData,
    schemas.exportMyData,
    async (_input, request, reply) => {
      reply
        .header('content-disposition', `attachment; filename="my-data-${day()}.json"`)
        .header('cache-control', 'no-store');
      return dataExport.exportFor(currentUser(request).id);
    },
    { preHandler: [exportLimit] },
  );
  registerEndpoint(
    app,
    endpoints.exportMyOrdersCsv,
    schemas.exportMyOrdersCsv,
    async (_input, request, reply) => {
      const csv = await dataExport.ordersCsv(currentUser(request).id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-orders-${day()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csv) as unknown as string;
    },
    { preHandler: [exportLimit] },
  );
  registerEndpoint(
    app,
    endpoints.eraseMyAccount,
    schemas.eraseMyAccount,
    ({ body }, request) => accountErasure.eraseOnRequest(currentUser(request).id, body.currentPassword),
    { preHandler: [erasureLimit] },
  );
  registerEndpoint(app, endpoints.myMarketingChoice, schemas.myMarketingChoice, (_input, request) =>
    marketingConsent.mine(currentUser(request).id),
  );
  registerEndpoint(app, endpoints.setMyMarketingChoice, schemas.setMyMarketingChoice, ({ body }, request) =>
    marketingConsent.set(currentUser(request).id, body.subscribed),
  );
  registerEndpoint(
    app,
    endpoints.withdrawMarketingByLink,
    schemas.withdrawMarketingByLink,
    ({ query }) => marketingConsent.withdrawByLink(query.token),
    { preHandler: [unsubscribeLimit] },
  );
}
