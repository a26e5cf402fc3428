import * as z from 'zod/mini';
import { emailField, languageField, mobileField, requiredPlainText } from './fields.js';

/** Where an enquiry stands in the shop's inbox. */
export const enquiryStatuses = ['Submitted', 'Contacted', 'In Progress', 'Resolved'] as const;

/** The contact form and POST /api/enquiry. Plain text only (plain-text.ts). */
export const enquirySchema = z.object({
  name: requiredPlainText('Name is required', 100),
  email: emailField,
  mobile: mobileField('Mobile is required'),
  comment: requiredPlainText('Comments is required', 2000),
  /** The page's language: replies are written in it (else Accept-Language's, else English). */
  language: languageField,
});

export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;
