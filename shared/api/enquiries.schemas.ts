import * as z from 'zod/mini';
import { enquirySchema, enquiryStatuses } from '../schemas/enquiry.js';

export const enquiryAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  comment: z.string(),
  status: z.enum(enquiryStatuses),
  createdAt: z.string(),
});
export type ApiEnquiry = z.output<typeof enquiryAnswer>;

export const submitEnquiry = { body: enquirySchema, response: enquiryAnswer };
