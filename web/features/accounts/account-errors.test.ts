import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  loginSchema,
  profileFormSchema,
  registerSchema,
  resetPasswordFormSchema,
} from '../../../shared/schemas/auth';
import { ticketSchema } from '../../../shared/schemas/grievance';
import { errorKey } from '../../i18n/errors';
import { translator } from '../../i18n/i18n';

/** The messages a schema gives for some values, as the forms show them under their fields. */
function messagesOf(schema: z.ZodMiniType, values: unknown): string[] {
  const result = z.safeParse(schema, values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const long = 'x'.repeat(5000);

/** Every message the account and complaint forms can show from their shared rules. */
const formMessages = [
  ...messagesOf(registerSchema, { firstname: '', lastname: '', email: '', mobile: '', password: '' }),
  ...messagesOf(registerSchema, {
    firstname: long,
    lastname: long,
    email: 'not-an-email',
    mobile: '12345',
    password: 'short',
  }),
  ...messagesOf(registerSchema, { password: long }),
  ...messagesOf(loginSchema, { email: '', password: '' }),
  ...messagesOf(profileFormSchema('old@example.in'), {
    firstname: 'Asha',
    lastname: 'Verma',
    email: 'new@example.in',
    mobile: '9876543210',
  }),
  ...messagesOf(resetPasswordFormSchema, { password: 'correct-horse-42', confirm: '' }),
  ...messagesOf(resetPasswordFormSchema, { password: 'correct-horse-42', confirm: 'other-horse-42' }),
  ...messagesOf(ticketSchema, { kind: 'x', topic: 'x', description: '', name: '', email: '', mobile: '' }),
  ...messagesOf(ticketSchema, {
    kind: 'grievance',
    topic: 'erasure',
    orderNumber: long,
    description: long,
    name: '<b>Asha</b>',
    email: 'a@example.in',
    mobile: '9876543210',
  }),
];

describe('the account and complaint forms in Hindi', () => {
  it('has every message of their shared rules in the errors catalogue, in both languages', async () => {
    expect(formMessages.length).toBeGreaterThan(15);
    const [english, hindi] = await Promise.all([translator('en', ['errors']), translator('hi')]);
    const missing = [...new Set(formMessages)].filter((message) => {
      const key = errorKey(message);
      return english(key) !== message || !/\p{Script=Devanagari}/u.test(hindi(key));
    });
    expect(missing).toEqual([]);
  });

  it('reads them in Hindi', async () => {
    const t = await translator('hi');
    expect(t(errorKey('Invalid Credentials'))).toBe('ईमेल या पासवर्ड ग़लत है');
    expect(t(errorKey('The passwords do not match'))).toBe('दोनों पासवर्ड एक जैसे नहीं हैं');
    expect(t(errorKey('Please write plain text, without HTML tags such as <b> or <a href>.'))).toContain(
      '<b> या <a href>',
    );
  });
});
