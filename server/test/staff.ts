import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../shared/staff-roles.js';

let counter = 0;
export const STAFF_PASSWORD = 'a long staff password';

/**
 * Creates a staff member as an operator would (`npm run staff:create`) and signs them in through
 * the console's login; returns their bearer headers.
 */
export async function signInStaff(app: FastifyInstance, role: StaffRole, overrides: { email?: string } = {}) {
  const n = counter++;
  const email = overrides.email ?? `${role}${n}-${process.pid}@staff.example.in`;
  await app.services.staff.createIfAbsent({ email, password: STAFF_PASSWORD, role });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password: STAFF_PASSWORD },
    remoteAddress: `10.201.${Math.floor(n / 250) % 250}.${n % 250}`,
  });
  if (login.statusCode !== 200) throw new Error(`staff sign-in failed: ${login.body}`);
  const body = login.json() as { token: string; staff: { _id: string } };
  return { email, id: body.staff._id, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

export type SignedInStaff = Awaited<ReturnType<typeof signInStaff>>;
