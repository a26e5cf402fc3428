import { describe, expect, it } from 'vitest';
import { enquirySchema } from './enquiry.js';

const messages = (input: unknown) => {
  const result = enquirySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('enquiry schema', () => {
  it("uses the original shop's messages for missing fields", () => {
    expect(messages({})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobile: 'Mobile is required',
      comment: 'Comments is required',
    });
    expect(messages({ name: '  ', email: '', mobile: '', comment: '' }).name).toBe('Name is required');
  });

  it('rejects a malformed e-mail and a non-Indian mobile', () => {
    const result = messages({ name: 'A', email: 'not-an-email', mobile: '12345', comment: 'Hi' });
    expect(result.email).toBe('Invalid email address');
    expect(result.mobile).toBe('Enter a valid 10-digit Indian mobile number');
  });

  it('normalises e-mail case and the mobile number', () => {
    const parsed = enquirySchema.parse({
      name: ' Asha ',
      email: ' Asha@Example.IN ',
      mobile: '+91 98765-43210',
      comment: 'Hi',
    });
    expect(parsed).toEqual({ name: 'Asha', email: 'asha@example.in', mobile: '9876543210', comment: 'Hi' });
  });
});
