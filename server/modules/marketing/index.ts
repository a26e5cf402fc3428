/** The marketing module's door: what other modules, flows and the app may use of it. */
export { offerEmailsRoutes } from './offer-emails.routes.js';
export { createOfferEmails } from './offer-emails.service.js';
