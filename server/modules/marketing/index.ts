/** The marketing module's door: what other modules, flows and the app may use of it. */
export { offerEmail } from './offer-emails.emails.js';
export { offerEmailsRoutes } from './offer-emails.routes.js';
export { createOfferEmails } from './offer-emails.service.js';
