/** The reminders module's door: price drops on wishlisted items and cart reminders (decision 057). */
export { deleteRemindersOf } from './reminders.repository.js';
export { remindersRoutes } from './reminders.routes.js';
export type { Reminders } from './reminders.service.js';
export { createReminders, remindersOfCustomer } from './reminders.service.js';
