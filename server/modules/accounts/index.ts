/** The accounts module's door: what other modules, flows and the app may use of it. */
export { signInAttemptsEmail } from './accounts.emails.js';
export type { UserRow } from './accounts.repository.js';
export { findUserById, lockUser, revokeAllSessions } from './accounts.repository.js';
export { accountsRoutes } from './accounts.routes.js';
export type { AccountsService } from './accounts.service.js';
export { createAccountsService } from './accounts.service.js';
export { bearerToken, currentUser, optionalUserId, registerAuth } from './auth.js';
export type { ChannelChoices } from './channel-choices.js';
export { CHANNEL_MESSAGES, channelChoices, createChannelChoices } from './channel-choices.js';
export type { ConsentSource } from './consents.js';
export {
  channelOfferPurpose,
  consentHistory,
  marketingChoice,
  offerWithdrawToken,
  setChannelOffers,
  setMarketingChoice,
  withdrawMarketingByToken,
} from './consents.js';
export { marketingAudienceSize, marketingRecipients } from './consents.repository.js';
export { createContactVerification } from './contact-verification.service.js';
export type { CustomerContact } from './customers.js';
export {
  customerAccount,
  customerContact,
  customerExists,
  customerIdByEmail,
  customerRecords,
  customersInactiveSince,
  eraseCustomerAccount,
  lockCustomerForErasure,
  markInactivityWarning,
  withdrawWarningsOfActiveCustomers,
} from './customers.js';
export type { CustomerFilters, CustomerSort } from './customers-admin.repository.js';
export {
  countCustomers,
  listCustomers,
  oldestCustomers,
  setCustomerBlocked,
} from './customers-admin.repository.js';
export type { MessageReach } from './message-reach.js';
export { customerIdByVerifiedMobile, messageReach } from './message-reach.js';
export type { CodeMessage, OneTimeCodeSender } from './one-time-codes.js';
export { codeMatches, emailCodeSender, hashCode, maskEmail, newCode } from './one-time-codes.js';
export type { LockoutAlert, SignInThrottle } from './sign-in-throttle.js';
export { createSignInThrottle, SIGN_IN_WINDOW_MINUTES } from './sign-in-throttle.js';
