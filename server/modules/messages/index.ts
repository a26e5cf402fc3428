/** The messages module's door (SMS and WhatsApp): what other modules, flows and the app may use of it. */
export { marketingMessagesBetween } from './marketing-count.js';
export type { MessageParams } from './message-params.js';
export { messageParamOrder } from './message-params.js';
export { renderMessage } from './message-templates.js';
export type { MessageWorker } from './message-worker.js';
export type { QueuedMessage } from './messages.js';
export { forgetMessagesOf, messageCategory, queueMessage } from './messages.js';
export { messagesAdminRoutes, messageWebhookRoutes } from './messages.routes.js';
export { createMessagesAdmin, type MessagesAdmin } from './messages-admin.js';
export { createMessaging, type Messaging } from './messaging.js';
export { readTestOutbox, type TestOutboxFile } from './providers/test-outbox.js';
export { inQuietHours, nextSendableAt } from './quiet-hours.js';
export { smsCodeSender } from './sms-code-sender.js';
