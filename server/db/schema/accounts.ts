import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, languageCheck, languageColumn, updatedAt } from './columns.js';

/** Shoppers' accounts: sign-in sessions, password resets, contact verification, consents, sign-in throttling. */

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    // Stored normalised (trimmed, lower case) so the unique index is case-insensitive in effect.
    email: text('email').notNull(),
    // Ten digits, Indian mobile rule; normalised before it gets here.
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    // When the account was erased (the row stays, pseudonymised, because orders and
    // invoices the law keeps refer to it; decision 021), and when an inactive account was warned
    // that it will be erased.
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true, mode: 'date' }),
    // When the current e-mail address and mobile number were proved (a link or code sent to them was
    // used); null until then, and again after a change. Only a proved address links what was filed
    // under it while signed out (decision 029).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true, mode: 'date' }),
    // The language the shop writes to the customer in: every e-mail is rendered in it (decision 052).
    language: languageColumn(),
    // Order and delivery updates by SMS and WhatsApp, sent to the verified mobile number unless the
    // customer turned the channel off. Offers on a channel need its marketing consent instead.
    smsOrders: boolean('sms_orders').notNull().default(true),
    whatsappOrders: boolean('whatsapp_orders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    languageCheck('users_language_check', t.language),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    // The console's customer table: newest first, by name, and search by any part of the
    // name, e-mail or mobile (trigram). The name expression is the one its queries use.
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(sql`lower(${t.firstname} || ' ' || ${t.lastname})`, t.id),
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
  ],
);

export const consentPurposes = [
  'privacy-notice',
  'marketing-emails',
  'marketing-sms',
  'marketing-whatsapp',
] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

/**
 * DPDP Act s. 6: the record of each consent given or withdrawn, append-only, so the shop
 * can show what a customer agreed to, under which notice, and when. The current state of a purpose
 * is its newest row.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: consentPurposes }).notNull(),
    given: boolean('given').notNull(),
    // The privacy notice's version (its date) in force when the choice was made.
    noticeVersion: text('notice_version').notNull(),
    // Where the choice was made: sign-up, profile, e-mail link.
    source: text('source').notNull(),
    // A marketing consent's one-click withdrawal link (in every marketing e-mail) carries this
    // random token. It can do nothing but withdraw this consent, so it is kept as sent.
    withdrawToken: text('withdraw_token'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId, t.purpose, t.createdAt),
    uniqueIndex('consent_records_withdraw_token_key').on(t.withdrawToken),
    check(
      'consent_records_purpose_check',
      sql`${t.purpose} in ('privacy-notice', 'marketing-emails', 'marketing-sms', 'marketing-whatsapp')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token: a leaked table cannot be replayed as sessions.
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A changed e-mail address can be put back from a link mailed to the old one: a stolen session
 * and password must not become a permanent takeover. Only the link's SHA-256 is kept.
 */
export const emailChangeReverts = pgTable(
  'email_change_reverts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('email_change_reverts_token_hash_key').on(t.tokenHash),
    index('email_change_reverts_user_idx').on(t.userId),
  ],
);

export const verificationChannels = ['email', 'mobile'] as const;
export type VerificationChannel = (typeof verificationChannels)[number];

/**
 * Links (e-mail) and codes (mobile) that prove a customer holds an address: random, only their
 * SHA-256 kept, expiring, used once. `target` is the address it was sent to, so a link proves only
 * that address, never one the account changed to since.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: verificationChannels }).notNull(),
    target: text('target').notNull(),
    tokenHash: text('token_hash').notNull(),
    // Wrong codes tried against it (a 6-digit code is safe only while guesses are few).
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('contact_verifications_token_hash_key').on(t.tokenHash),
    index('contact_verifications_user_idx').on(t.userId, t.channel, t.createdAt),
    check('contact_verifications_channel_check', sql`${t.channel} in ('email', 'mobile')`),
  ],
);

export const signInRealms = ['customer', 'staff'] as const;
export type SignInRealm = (typeof signInRealms)[number];

/**
 * Failed sign-ins per (account, address): an address that keeps failing waits longer and longer,
 * while the right password from any other address still gets in. `account` is the SHA-256 of the
 * e-mail typed (normalised), known or not: the answer says nothing about which addresses have
 * accounts, and no typed address is kept.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    realm: text('realm', { enum: signInRealms }).notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.realm, t.account, t.ip] }),
    index('sign_in_failures_account_idx').on(t.realm, t.account, t.lastFailedAt),
    index('sign_in_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);

/** When an account's owner was last told that someone is failing to sign in to it (once a window). */
export const signInAlerts = pgTable(
  'sign_in_alerts',
  {
    realm: text('realm', { enum: signInRealms }).notNull(),
    account: text('account').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.account] })],
);
