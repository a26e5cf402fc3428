/** Wrong codes allowed per cash-on-delivery code; then a new code must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes sent per cash-on-delivery order, the first included. */
export const MAX_CODE_SENDS = 5;
/** Between two codes for one order. */
export const RESEND_SECONDS = 60;
