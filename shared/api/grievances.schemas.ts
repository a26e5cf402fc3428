import * as z from 'zod/mini';
import { enquiryStatuses } from '../schemas/enquiry.js';
import { ticketKinds, ticketSchema } from '../schemas/grievance.js';

/** A complaint or data request as its customer sees it (no staff notes). */
export const ticketAnswer = z.object({
  _id: z.string(),
  ticketNumber: z.string(),
  kind: z.enum(ticketKinds),
  topic: z.string(),
  orderNumber: z.nullable(z.string()),
  status: z.enum(enquiryStatuses),
  createdAt: z.string(),
  /** By when the shop acknowledges it (48 hours). */
  acknowledgeBy: z.string(),
  /** By when the shop answers or resolves it. */
  respondBy: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
});
export type ApiTicket = z.output<typeof ticketAnswer>;

export const submitTicket = { body: ticketSchema, response: ticketAnswer };
export const listMyTickets = { response: z.array(ticketAnswer) };
