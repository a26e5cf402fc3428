import path from 'node:path';
import { expect } from '@playwright/test';
import { readTestOutbox } from '../server/modules/messages/providers/test-outbox';
import { e2eDataDir, mailsTo } from './outbox';

const EMAILED_CODE = /^(\d{6}) (is your code to confirm your mobile number|— आपके मोबाइल नंबर की पुष्टि का कोड)$/;

/** The newest mobile-number code sent by SMS to `mobile` (10 digits), if any. */
async function smsCode(mobile: string): Promise<string | undefined> {
  return (await readTestOutbox(path.join(e2eDataDir, 'outbox'), 'sms', mobile, 'mobile-code')).at(-1)?.params
    .code;
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
      {
        message: `a code for ${customer.mobile} in ${e2eDataDir}/outbox/sms or the e-mail outbox`,
        timeout: 15_000,
      },
    )
    .toBe(true);
  return code!;
}
