import * as z from 'zod/mini';
import { emailField, mobileField, requiredText } from './fields.js';

/** Where an enquiry stands in the shop's inbox. */
export const enquiryStatuses = ['Submitted', 'Contacted', 'In Progress', 'Resolved'] as const;

/** The contact form and POST /api/enquiry. */
export const enquirySchema = z.object({
  name: requiredText('Name is required', 100),
  email: emailField,
  mobile: mobileField('Mobile is required'),
  comment: requiredText('Comments is required', 2000),
});

export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;
