import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../shared/schemas/auth';
import { enquirySchema } from '../../shared/schemas/enquiry';
import { zodResolver } from './form';

describe('zodResolver', () => {
  it("keeps each field's first message, the one shown under it", () => {
    const result = zodResolver(loginSchema)({ email: '', password: '' });
    expect(result.errors).toEqual({
      email: { type: 'too_small', message: 'Email is required' },
      password: { type: 'too_small', message: 'Password is required' },
    });
  });

  it('returns the parsed values (normalised by the schema) when the form is valid', () => {
    const result = zodResolver(enquirySchema)({
      name: ' Asha ',
      email: ' Asha@Example.IN ',
      mobile: '+91 98765 43210',
      comment: 'Do you ship to Shillong?',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      mobile: '9876543210',
      comment: 'Do you ship to Shillong?',
    });
  });
});
