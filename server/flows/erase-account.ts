import type { Database, Executor } from '../db/client.js';
import { AppError, conflict, notFound } from '../lib/errors.js';
import {
  type CustomerContact,
  customerExists,
  customersInactiveSince,
  eraseCustomerAccount,
  lockCustomerForErasure,
  markInactivityWarning,
  withdrawWarningsOfActiveCustomers,
} from '../modules/accounts/index.js';
import { type AuditActor, recordAudit, redactPersonFromAudit } from '../modules/audit/index.js';
import { removeAllCartLines } from '../modules/cart/index.js';
import { eraseCheckoutAddresses } from '../modules/checkout/index.js';
import { accountErasedEmail, inactivityWarningEmail } from '../modules/data-rights/index.js';
import { forgetEmailsTo, queueEmail } from '../modules/email-outbox/index.js';
import { eraseEnquiriesOfCustomer } from '../modules/enquiries/index.js';
import { forgetMessagesOf } from '../modules/messages/index.js';
import {
  eraseExpiredOrderRecords,
  eraseOrderEventNames,
  eraseOrderPersonalData,
  invoicedOrderCount,
  ordersBlockingErasure,
} from '../modules/orders/index.js';
import { deleteRemindersOf } from '../modules/reminders/index.js';
import { removeRestockRequestsOf } from '../modules/restock-alerts/index.js';
import { removeWishlistOf } from '../modules/wishlist/index.js';

export const ERASURE_MESSAGES = {
  done: 'Your account has been deleted. We have sent a confirmation to your e-mail address.',
  wrongPassword: 'Your password is not correct',
  gone: 'This account no longer exists.',
  openOrders: (numbers: string[]) =>
    `You cannot delete your account while ${numbers.length === 1 ? 'an order is' : 'orders are'} still open (${numbers
      .slice(0, 5)
      .join(
        ', ',
      )}${numbers.length > 5 ? '…' : ''}). You can delete it once ${numbers.length === 1 ? 'it is' : 'they are'} delivered or cancelled and any return or refund is complete.`,
} as const;

/** How long before erasing an inactive account its owner is warned (DPDP Rules 2025, Third Schedule). */
export const INACTIVITY_WARNING_HOURS = 48;
/** Accounts handled per run of the job: the rest wait for the next run. */
const BATCH = 200;

/** One inactive customer: warned first; erased once the warning is 48 hours old (open orders wait). */
async function warnOrErase(
  ctx: {
    db: Database;
    publicUrl: string;
    months: number;
    eraseWithin: (
      tx: Executor,
      userId: string,
      contact: CustomerContact & { emailVerifiedAt: Date | null },
      at: Date,
    ) => Promise<number>;
  },
  customer: Awaited<ReturnType<typeof customersInactiveSince>>[number],
  at: Date,
  warningMs: number,
): Promise<'warned' | 'erased' | undefined> {
  const { db, months, eraseWithin } = ctx;
  if (!customer.inactivityWarnedAt) {
    const sent = await db.transaction(async (tx) => {
      if (!(await markInactivityWarning(tx, customer.id, at))) return false;
      await queueEmail(
        tx,
        inactivityWarningEmail({
          to: customer.email,
          firstname: customer.firstname,
          months,
          erasesAt: new Date(at.getTime() + warningMs),
          signInUrl: `${ctx.publicUrl}/login`,
          locale: customer.language,
        }),
        'inactivity warning',
      );
      return true;
    });
    return sent ? ('warned' as const) : undefined;
  }
  if (at.getTime() - customer.inactivityWarnedAt.getTime() < warningMs) return undefined;
  const result = await db.transaction(async (tx) => {
    if ((await ordersBlockingErasure(tx, customer.id)).length > 0) return undefined;
    const account = await lockCustomerForErasure(tx, customer.id, undefined);
    if (!account) return false;
    const kept = await eraseWithin(tx, customer.id, account, at);
    await queueEmail(
      tx,
      accountErasedEmail({
        to: account.email,
        firstname: account.firstname,
        keptInvoicedOrders: kept,
        inactive: { months },
        locale: account.language,
      }),
      'inactive account erased',
      { forgetWhenSent: true },
    );
    return true;
  });
  return result ? ('erased' as const) : undefined;
}

/**
 * The right to erasure (DPDP Act 2023 s. 12; decision 021). One transaction erases what
 * each module holds about the customer, through the function that module offers for it, so an
 * erasure is whole or not at all; the confirmation goes to the address the account had.
 */
export function createAccountErasure(deps: {
  db: Database;
  publicUrl: string;
  /** Product pages show reviewers' names: they must forget the erased one. */
  onReviewerRenamed?: () => void;
  /** Days without use after which an account is erased; 0 never erases. */
  inactiveAfterDays: number;
}) {
  const { db } = deps;
  const now = () => new Date();
  const months = Math.round(deps.inactiveAfterDays / 30.4);

  /** Inside the caller's transaction, with the account locked: returns the invoiced orders kept. */
  async function eraseWithin(
    tx: Executor,
    userId: string,
    contact: CustomerContact & { emailVerifiedAt: Date | null },
    at: Date,
  ) {
    await eraseOrderPersonalData(tx, userId);
    await eraseCheckoutAddresses(tx, userId);
    await removeAllCartLines(tx, userId);
    await removeWishlistOf(tx, userId);
    await removeRestockRequestsOf(tx, userId);
    // Price watches and the reminders sent: what they wished for and left in their cart.
    await deleteRemindersOf(tx, userId);
    const enquiryAddresses = await eraseEnquiriesOfCustomer(tx, {
      userId,
      email: contact.email,
      emailVerifiedAt: contact.emailVerifiedAt,
    });
    await eraseOrderEventNames(tx, userId);
    for (const address of new Set([contact.email, ...enquiryAddresses])) await forgetEmailsTo(tx, address);
    await forgetMessagesOf(tx, userId, [contact.mobile]);
    await redactPersonFromAudit(tx, contact);
    await eraseCustomerAccount(tx, userId, at);
    return invoicedOrderCount(tx, userId);
  }

  return {
    /** `DELETE /api/user/me`: the customer's own request, with their password. */
    async eraseOnRequest(userId: string, currentPassword: string): Promise<{ message: string }> {
      const at = now();
      await db.transaction(async (tx) => {
        const account = await lockCustomerForErasure(tx, userId, currentPassword);
        if (!account) throw notFound(ERASURE_MESSAGES.gone);
        // 403, not 401: the session is fine, and clients sign out on a 401.
        if (!account.passwordMatches) {
          throw new AppError(403, ERASURE_MESSAGES.wrongPassword, {
            currentPassword: ERASURE_MESSAGES.wrongPassword,
          });
        }
        const open = await ordersBlockingErasure(tx, userId);
        if (open.length > 0) throw conflict(ERASURE_MESSAGES.openOrders(open));
        const kept = await eraseWithin(tx, userId, account, at);
        // The confirmation is the last message to the old address, queued with the erasure itself.
        await queueEmail(
          tx,
          accountErasedEmail({
            to: account.email,
            firstname: account.firstname,
            keptInvoicedOrders: kept,
            locale: account.language,
          }),
          'account erased',
          { forgetWhenSent: true },
        );
      });
      deps.onReviewerRenamed?.();
      return { message: ERASURE_MESSAGES.done };
    },

    /**
     * Staff erase a customer for a request that reached the shop another way (a data request
     * ticket, a letter), or again after a restore brought them back. The same rules as the
     * customer's own request, without the password; the audit trail records the id and the reason
     * only, so it keeps nothing of what was erased.
     */
    async eraseByStaff(actor: AuditActor, userId: string, reason: string): Promise<{ message: string }> {
      const at = now();
      await db.transaction(async (tx) => {
        const account = await lockCustomerForErasure(tx, userId, undefined);
        if (!account) {
          throw (await customerExists(tx, userId))
            ? conflict('This customer’s personal data has already been erased.')
            : notFound('There is no customer with that id.');
        }
        const open = await ordersBlockingErasure(tx, userId);
        if (open.length > 0) {
          throw conflict(
            `Their personal data cannot be erased while ${open.length === 1 ? 'an order is' : 'orders are'} open (${open
              .slice(0, 5)
              .join(', ')}): finish, cancel or refund ${open.length === 1 ? 'it' : 'them'} first.`,
          );
        }
        const kept = await eraseWithin(tx, userId, account, at);
        await recordAudit(tx, actor, {
          action: 'customer.erase',
          entityType: 'customer',
          entityId: userId,
          summary: `Erased the personal data of customer ${userId}: ${reason}`,
        });
        await queueEmail(
          tx,
          accountErasedEmail({
            to: account.email,
            firstname: account.firstname,
            keptInvoicedOrders: kept,
            byRequest: true,
            locale: account.language,
          }),
          'account erased',
          { forgetWhenSent: true },
        );
      });
      deps.onReviewerRenamed?.();
      return { message: 'The customer’s personal data has been erased, and they have been told by e-mail.' };
    },

    /**
     * The scheduled job (off unless INACTIVE_ACCOUNT_ERASE_DAYS is set): warns accounts unused for
     * the period less 48 hours, erases those warned 48 hours ago and still unused, and ends the
     * retention of erased customers' invoiced orders. Accounts with open orders wait.
     */
    async runRetention(at = now()): Promise<{ warned: number; erased: number; expiredOrders: number }> {
      const expiredOrders = await eraseExpiredOrderRecords(db, at);
      if (deps.inactiveAfterDays <= 0) return { warned: 0, erased: 0, expiredOrders };
      await withdrawWarningsOfActiveCustomers(db);
      const warningMs = INACTIVITY_WARNING_HOURS * 3_600_000;
      const cutoff = new Date(at.getTime() - deps.inactiveAfterDays * 86_400_000 + warningMs);
      let warned = 0;
      let erased = 0;
      for (const customer of await customersInactiveSince(db, cutoff, BATCH)) {
        const outcome = await warnOrErase(
          { db, publicUrl: deps.publicUrl, months, eraseWithin },
          customer,
          at,
          warningMs,
        );
        if (outcome === 'warned') warned += 1;
        if (outcome === 'erased') erased += 1;
      }
      if (erased > 0) deps.onReviewerRenamed?.();
      return { warned, erased, expiredOrders };
    },
  };
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
