/** The data-rights module's door: what other modules, flows and the app may use of it. */

export { createDataExport } from './data-export.service.js';
export { accountErasedEmail, inactivityWarningEmail } from './data-rights.emails.js';
export { dataRightsRoutes } from './data-rights.routes.js';
export { dataRightsAdminRoutes } from './data-rights-admin.routes.js';
export { createMarketingConsent } from './marketing-consent.service.js';
