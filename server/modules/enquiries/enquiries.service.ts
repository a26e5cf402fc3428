import type { ApiEnquiry } from '../../../shared/api/enquiries.schemas.js';
import type { Enquiry } from '../../../shared/schemas/enquiry.js';
import type { Database } from '../../db/client.js';
import { enquiries } from '../../db/schema.js';

export function createEnquiriesService(db: Database) {
  return {
    async submit(input: Enquiry, userId: string | null = null): Promise<ApiEnquiry> {
      const [row] = await db
        .insert(enquiries)
        .values({ ...input, userId })
        .returning();
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
