import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { mailsTo } from './outbox';

/** Where the built-in SMS test provider writes one JSON file per message (issue 48's format). */
const smsOutbox = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox', 'sms');

const EMAILED_CODE = /^(\d{6}) (is your code to confirm your mobile number|— आपके मोबाइल नंबर की पुष्टि का कोड)$/;

/** The newest mobile-number code sent by SMS to `mobile` (10 digits), if any. */
async function smsCode(mobile: string): Promise<string | undefined> {
  const files = (await readdir(smsOutbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  let code: string | undefined;
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(smsOutbox, file), 'utf8')) as {
      to?: string;
      kind?: string;
      params?: { code?: string };
    };
    if (message.kind === 'mobile-code' && message.to?.endsWith(mobile) && message.params?.code)
      code = message.params.code;
  }
  return code;
}

/**
 * The newest code that proves a customer's mobile number, as they would read it: the SMS when the
 * shop sends codes by SMS, else the e-mail it sends them in today. `after` skips codes already seen.
 */
export async function mobileCodeFor(
  customer: { email: string; mobile: string },
  after?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = await smsCode(customer.mobile);
        if (!code) {
          const mails = (await mailsTo(customer.email)).filter((mail) => EMAILED_CODE.test(mail.subject));
          code = EMAILED_CODE.exec(mails.at(-1)?.subject ?? '')?.[1];
        }
        return code !== undefined && code !== after;
      },
      { message: `a code for ${customer.mobile} in ${smsOutbox} or the e-mail outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}
