/** The email-outbox module's door: what other modules, flows and the app may use of it. */
export { forgetEmailsTo, queueEmail } from './email-outbox.js';
export type { EmailOutbox } from './email-outbox.service.js';
export { createEmailOutbox } from './email-outbox.service.js';
