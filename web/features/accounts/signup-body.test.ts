import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { registerSchema } from '../../../shared/schemas/auth';
import { signupBody } from './signup-body';

const values = {
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.in',
  mobile: '98765 43210',
  password: 'correct-horse-42',
  marketingEmails: false,
};

describe('signupBody', () => {
  it("sends the form's values with the page's language", () => {
    expect(signupBody(values, 'hi')).toEqual({ ...values, language: 'hi' });
    expect(signupBody(values, 'en')).toMatchObject({ language: 'en' });
  });

  it('is a body the register endpoint accepts, its language kept', () => {
    const parsed = z.safeParse(registerSchema, signupBody(values, 'hi'));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ email: 'asha@example.in', mobile: '9876543210', language: 'hi' });
  });
});
