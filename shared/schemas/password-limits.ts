/**
 * The password rule shown on the sign-up and reset forms (the original shop stated none). Apart
 * from auth.ts's schemas, so a page can state it without loading zod.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
