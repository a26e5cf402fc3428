import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import type { Executor } from '../../db/client.js';
import { type ConsentPurpose, consentRecords, users } from '../../db/schema.js';

export type ConsentRow = typeof consentRecords.$inferSelect;

export async function insertConsent(
  db: Executor,
  values: {
    userId: string;
    purpose: ConsentPurpose;
    given: boolean;
    noticeVersion: string;
    source: string;
    withdrawToken?: string;
    createdAt?: Date;
  },
): Promise<ConsentRow> {
  const [row] = await db.insert(consentRecords).values(values).returning();
  return row!;
}

/** The newest record of a purpose: the customer's choice as it stands. */
export async function latestConsent(
  db: Executor,
  userId: string,
  purpose: ConsentPurpose,
): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.userId, userId), eq(consentRecords.purpose, purpose)))
    .orderBy(desc(consentRecords.createdAt), desc(sql`${consentRecords.id}`))
    .limit(1);
  return row;
}

export async function consentByWithdrawToken(db: Executor, token: string): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.withdrawToken, token))
    .limit(1);
  return row;
}

export async function consentHistory(db: Executor, userId: string): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(desc(consentRecords.createdAt));
}

/** An erased account's links must stop working: they would name a consent of nobody. */
export async function forgetWithdrawTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(consentRecords)
    .set({ withdrawToken: null })
    .where(and(eq(consentRecords.userId, userId), isNotNull(consentRecords.withdrawToken)));
}

export type MarketingRecipient = {
  userId: string;
  firstname: string;
  email: string;
  withdrawToken: string;
  /** The account's language: the offer is written in it. */
  language: Locale;
};

/** The newest marketing choice of each customer. */
function latestMarketingChoices(db: Executor) {
  return db
    .selectDistinctOn([consentRecords.userId], {
      userId: consentRecords.userId,
      given: consentRecords.given,
      withdrawToken: consentRecords.withdrawToken,
    })
    .from(consentRecords)
    .where(eq(consentRecords.purpose, 'marketing-emails'))
    .orderBy(consentRecords.userId, desc(consentRecords.createdAt))
    .as('latest');
}

/** Who may be sent offers: the newest choice is yes, and the account is neither erased nor blocked. */
const wantsOffers = (latest: ReturnType<typeof latestMarketingChoices>) =>
  and(
    eq(latest.given, true),
    isNotNull(latest.withdrawToken),
    sql`${users.erasedAt} is null`,
    eq(users.isBlocked, false),
  );

/** Customers who want offers by e-mail, with the withdrawal token of their consent. */
export async function marketingRecipients(db: Executor): Promise<MarketingRecipient[]> {
  const latest = latestMarketingChoices(db);
  const rows = await db
    .select({
      userId: latest.userId,
      firstname: users.firstname,
      email: users.email,
      withdrawToken: latest.withdrawToken,
      language: users.language,
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.userId))
    .where(wantsOffers(latest));
  return rows.map((row) => ({ ...row, withdrawToken: row.withdrawToken! }));
}

export async function marketingAudienceSize(db: Executor): Promise<number> {
  const latest = latestMarketingChoices(db);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.userId))
    .where(wantsOffers(latest));
  return Number(row?.n ?? 0);
}
