import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messageOutbox } from '../db/schema.js';
import { type CapturedMail, readMail } from './smtp-capture.js';
import type { TestContext } from './test-app.js';

/** The code e-mail's subject, in English or Hindi. */
const MOBILE_CODE_SUBJECT =
  /^(\d{6}) (is your code to confirm your mobile number|— आपके मोबाइल नंबर की पुष्टि का कोड)$/;

type Holder = { email: string; mobile: string; headers: Record<string, string> };

/**
 * The newest code that proves `customer`'s mobile number: from the SMS outbox when the shop's
 * one-time-code sender writes there, else from the e-mail it sends today. Waits for the e-mail
 * (the outbox hands it to the SMTP server after the commit).
 */
export async function mobileCodeFor(
  ctx: TestContext,
  mails: () => CapturedMail[],
  customer: Holder,
): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [sms] = await ctx.database.db
      .select({ params: messageOutbox.params })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.recipient, customer.mobile), eq(messageOutbox.kind, 'mobile-code')))
      .orderBy(desc(messageOutbox.createdAt))
      .limit(1);
    const fromSms = (sms?.params as { code?: string } | undefined)?.code;
    if (fromSms) return fromSms;
    await ctx.app.services.emailOutbox.drain();
    const codes = mails()
      .filter((m) => m.to.includes(customer.email))
      .map((m) => MOBILE_CODE_SUBJECT.exec(readMail(m.raw).subject)?.[1])
      .filter((code): code is string => Boolean(code));
    if (codes.length) return codes.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mobile code for ${customer.mobile}`);
}

/** Proves the customer's mobile number through the profile's API, as they would. */
export async function confirmMobile(ctx: TestContext, mails: () => CapturedMail[], customer: Holder) {
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/me/mobile/verify',
    headers: customer.headers,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await mobileCodeFor(ctx, mails, customer);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/me/mobile/confirm',
    headers: customer.headers,
    payload: { code },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
