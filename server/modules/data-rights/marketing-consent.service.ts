import type { ApiMarketingChoice } from '../../../shared/api/data-rights.schemas.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { marketingChoice, setMarketingChoice, withdrawMarketingByToken } from '../accounts/index.js';

export const MARKETING_MESSAGES = {
  withdrawn:
    'You will not receive offers by e-mail from us any more. E-mails about your orders still reach you.',
  unknownLink:
    'This link is not valid any more. To stop offers by e-mail, sign in and untick “Offers by e-mail” on your profile page.',
} as const;

/**
 * Marketing e-mails only with their own consent: the profile's switch gives or withdraws
 * it, and the link in every such e-mail withdraws it in one click, without signing in.
 */
export function createMarketingConsent(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    mine(userId: string): Promise<ApiMarketingChoice> {
      return marketingChoice(db, userId);
    },
    set(userId: string, subscribed: boolean): Promise<ApiMarketingChoice> {
      return db.transaction((tx) => setMarketingChoice(tx, userId, subscribed, 'profile', now()));
    },
    async withdrawByLink(token: string): Promise<{ message: string }> {
      const known = await db.transaction((tx) => withdrawMarketingByToken(tx, token, now()));
      if (!known) throw badRequest(MARKETING_MESSAGES.unknownLink);
      return { message: MARKETING_MESSAGES.withdrawn };
    },
  };
}

export type MarketingConsent = ReturnType<typeof createMarketingConsent>;
