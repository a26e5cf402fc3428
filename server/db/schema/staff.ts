import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffRoles } from '../../../shared/staff-roles.js';
import { createdAt, id, updatedAt } from './columns.js';

/** Staff accounts, sessions, invitations, recovery codes and shop-wide settings. */

export type { StaffRole } from '../../../shared/staff-roles.js';
export { staffRoles };

/**
 * The shop's staff: separate from shoppers, so no shopper account can ever be given a staff
 * privilege by a change to its row, and no staff member shops with a staff session.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    // Stored normalised (trimmed, lower case).
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    mobile: text('mobile').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    // Base32 TOTP secret once two-factor sign-in is set up (pending until the first code confirms it).
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    // The last TOTP time step accepted (RFC 6238 s. 5.2): a code of that step or before is refused,
    // so one code signs in once.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    check('staff_role_check', sql`${t.role} in ('owner', 'catalogue', 'orders', 'support')`),
  ],
);

/** Staff sessions: shorter than shoppers' (idle and absolute limits), only the token's SHA-256 kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/** Single-use invitations an owner sends; only the link's SHA-256 is kept. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_key').on(t.tokenHash),
    index('staff_invites_email_idx').on(t.email),
  ],
);

/** One-time recovery codes for a staff member who lost their authenticator (hashed). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** Shop-wide settings the console changes (e.g. whether staff must use two-factor sign-in). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
