import type { ApiEnquiry } from '../../../shared/api-types.js';
import { enquirySchema } from '../../../shared/schemas/enquiry.js';
import type { Database } from '../../db/client.js';
import { enquiries } from '../../db/schema.js';
import { parseInput } from '../../lib/validation.js';

export function createEnquiriesService(db: Database) {
  return {
    async submit(body: unknown): Promise<ApiEnquiry> {
      const input = parseInput(enquirySchema, body);
      const [row] = await db.insert(enquiries).values(input).returning();
      return {
        _id: row!.id,
        name: row!.name,
        email: row!.email,
        mobile: row!.mobile,
        comment: row!.comment,
        status: row!.status,
        createdAt: row!.createdAt.toISOString(),
      };
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
