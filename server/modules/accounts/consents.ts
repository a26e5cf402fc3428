import type { ApiMarketingChoice } from '../../../shared/api/data-rights.schemas.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy-notice.js';
import type { Executor } from '../../db/client.js';
import { newToken } from '../../lib/secrets.js';
import * as repository from './consents.repository.js';

/**
 * Consent records (DPDP Act s. 6): what a customer agreed to, under which version of the
 * privacy notice, when and where; and their marketing choice, given and withdrawn as easily. The
 * accounts module owns the table; these take the database or an open transaction.
 */

export type ConsentSource = 'sign-up' | 'profile' | 'e-mail link' | 'sms reply' | 'whatsapp reply';

/** Sign-up: the notice the customer was shown, and marketing e-mails only if they ticked the box. */
export async function recordSignUpConsents(
  db: Executor,
  userId: string,
  marketingEmails: boolean,
  at: Date,
): Promise<void> {
  await repository.insertConsent(db, {
    userId,
    purpose: 'privacy-notice',
    given: true,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    source: 'sign-up',
    createdAt: at,
  });
  if (marketingEmails) await setMarketingChoice(db, userId, true, 'sign-up', at);
}

export async function marketingChoice(db: Executor, userId: string): Promise<ApiMarketingChoice> {
  const latest = await repository.latestConsent(db, userId, 'marketing-emails');
  return {
    subscribed: latest?.given ?? false,
    since: latest ? latest.createdAt.toISOString() : null,
    noticeVersion: latest?.noticeVersion ?? null,
  };
}

/**
 * A new record only when the choice changes, so the history says when it really changed. A yes
 * carries a fresh withdrawal token for the links in the e-mails that follow.
 */
export async function setMarketingChoice(
  db: Executor,
  userId: string,
  subscribed: boolean,
  source: ConsentSource,
  at: Date,
): Promise<ApiMarketingChoice> {
  const latest = await repository.latestConsent(db, userId, 'marketing-emails');
  if ((latest?.given ?? false) !== subscribed) {
    await repository.insertConsent(db, {
      userId,
      purpose: 'marketing-emails',
      given: subscribed,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      source,
      withdrawToken: subscribed ? newToken() : undefined,
      createdAt: at,
    });
  }
  return marketingChoice(db, userId);
}

/**
 * The link in a marketing e-mail: withdraws the consent it was sent under, if that consent is still
 * the customer's choice. Unknown token: false. Already withdrawn (or given again since, with a new
 * token): true, and nothing changes.
 */
export async function withdrawMarketingByToken(db: Executor, token: string, at: Date): Promise<boolean> {
  const consent = await repository.consentByWithdrawToken(db, token);
  if (!consent) return false;
  const latest = await repository.latestConsent(db, consent.userId, 'marketing-emails');
  if (latest?.id === consent.id && latest.given) {
    await repository.insertConsent(db, {
      userId: consent.userId,
      purpose: 'marketing-emails',
      given: false,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      source: 'e-mail link',
      createdAt: at,
    });
  }
  return true;
}

/**
 * The one-click withdrawal token of the customer's standing "yes" to offers by e-mail, for the
 * link every offer e-mail carries; undefined when they have not said yes.
 */
export async function offerWithdrawToken(db: Executor, userId: string): Promise<string | undefined> {
  const latest = await repository.latestConsent(db, userId, 'marketing-emails');
  return latest?.given && latest.withdrawToken ? latest.withdrawToken : undefined;
}

/** Every consent given and withdrawn, newest first, for the customer's data export. */
export async function consentHistory(db: Executor, userId: string) {
  const rows = await repository.consentHistory(db, userId);
  return rows.map((row) => ({
    purpose: row.purpose,
    given: row.given,
    noticeVersion: row.noticeVersion,
    source: row.source,
    at: row.createdAt.toISOString(),
  }));
}

/** Customers who want offers by e-mail now, with their consent's withdrawal token; and how many. */
export { marketingAudienceSize, marketingRecipients } from './consents.repository.js';

/** The marketing consent of each messaging channel. */
export const channelOfferPurpose = { sms: 'marketing-sms', whatsapp: 'marketing-whatsapp' } as const;

/**
 * Offers by SMS or WhatsApp: a new record only when the choice changes, as for e-mail. `source`
 * says where (the profile, a "STOP" reply). Answers the choice as it now stands.
 */
export async function setChannelOffers(
  db: Executor,
  userId: string,
  channel: keyof typeof channelOfferPurpose,
  given: boolean,
  source: ConsentSource,
  at: Date,
): Promise<boolean> {
  const purpose = channelOfferPurpose[channel];
  const latest = await repository.latestConsent(db, userId, purpose);
  if ((latest?.given ?? false) !== given) {
    await repository.insertConsent(db, {
      userId,
      purpose,
      given,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      source,
      createdAt: at,
    });
  }
  return given;
}
