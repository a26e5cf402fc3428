import type { FastifyInstance } from 'fastify';

let counter = 0;

/** Registers and logs in a fresh customer through the public API; returns the bearer token. */
export async function signUp(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const n = counter++;
  const customer = {
    firstname: 'Test',
    lastname: `Customer${n}`,
    email: `customer${n}-${process.pid}@example.in`,
    mobile: `9${String(100_000_000 + n * 7919 + (process.pid % 1000) * 100_000).slice(-9)}`,
    password: 'a good long password',
    ...overrides,
  };
  const ip = `10.200.${Math.floor(n / 250) % 250}.${n % 250}`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: customer,
    remoteAddress: ip,
  });
  if (registered.statusCode !== 201) throw new Error(`sign-up failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: customer.email, password: customer.password },
    remoteAddress: ip,
  });
  const body = login.json() as { _id: string; token: string };
  return { ...customer, id: body._id, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}
