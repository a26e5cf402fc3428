import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * The language of a customer's account (decision 052): chosen at sign-up or in the profile, English
 * otherwise, answered with the account, and only ever changed by its owner.
 */
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const ip = () => `10.52.${Math.floor(n / 250) % 250}.${n % 250}`;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) {
  const response = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: ip(),
  });
  return { status: response.statusCode, body: response.json() };
}

async function signUp(extra: Record<string, unknown> = {}) {
  const i = n++;
  const customer = {
    firstname: 'Meera',
    lastname: 'Joshi',
    email: `meera${i}-${process.pid}@example.in`,
    mobile: `97${String(20_000_000 + i * 31 + (process.pid % 1000) * 1000).slice(-8)}`,
    password: 'a good long password',
    ...extra,
  };
  const registered = await call('POST', '/api/user/register', customer);
  const login = await call('POST', '/api/user/login', { email: customer.email, password: customer.password });
  return { customer, registered, login, token: login.body.token as string, id: login.body._id as string };
}

const profileOf = (customer: Record<string, unknown>) => ({
  firstname: customer.firstname,
  lastname: customer.lastname,
  email: customer.email,
  mobile: customer.mobile,
});

const storedLanguage = async (id: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.language;

describe('the language of an account', () => {
  it('is English when sign-up does not say, in every answer of the account', async () => {
    const { registered, login, token, id } = await signUp();
    expect(registered.status).toBe(201);
    expect(registered.body.language).toBe('en');
    expect(login.body.language).toBe('en');
    expect((await call('GET', '/api/user/me', undefined, token)).body.language).toBe('en');
    expect(await storedLanguage(id)).toBe('en');
  });

  it('is set at sign-up', async () => {
    const { registered, login, token, id } = await signUp({ language: 'hi' });
    expect(registered.body.language).toBe('hi');
    expect(login.body.language).toBe('hi');
    expect((await call('GET', '/api/user/me', undefined, token)).body.language).toBe('hi');
    expect(await storedLanguage(id)).toBe('hi');
  });

  it('is changed by edit-user, and kept when edit-user leaves it out', async () => {
    const { customer, token, id } = await signUp();
    const changed = await call(
      'PUT',
      '/api/user/edit-user',
      { ...profileOf(customer), language: 'hi' },
      token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('hi');
    expect(await storedLanguage(id)).toBe('hi');
    // The original shop's profile form knows nothing of languages: its edits keep the one chosen.
    const renamed = await call(
      'PUT',
      '/api/user/edit-user',
      { ...profileOf(customer), lastname: 'Kale' },
      token,
    );
    expect(renamed.body).toMatchObject({ lastname: 'Kale', language: 'hi' });
    const back = await call('PUT', '/api/user/edit-user', { ...profileOf(customer), language: 'en' }, token);
    expect(back.body.language).toBe('en');
    expect(await storedLanguage(id)).toBe('en');
  });

  it('refuses a language the shop does not write in with 400 and a message, changing nothing', async () => {
    const { customer, token, id } = await signUp({ language: 'hi' });
    for (const language of ['fr', 'HI', 'hindi', '', 7, null]) {
      const edit = await call('PUT', '/api/user/edit-user', { ...profileOf(customer), language }, token);
      expect(edit.status).toBe(400);
      expect(edit.body.message).toMatch(/language/i);
      expect(edit.body.errors?.language ?? edit.body.message).toMatch(/en or hi/);
    }
    expect(await storedLanguage(id)).toBe('hi');
    const refused = await call('POST', '/api/user/register', {
      firstname: 'Ravi',
      lastname: 'Das',
      email: `ravi-${process.pid}@example.in`,
      mobile: '9555501234',
      password: 'a good long password',
      language: 'ta',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/Choose a language the shop writes in: en or hi/);
  });

  it('is never changed by another customer, nor without signing in', async () => {
    const owner = await signUp({ language: 'hi' });
    const other = await signUp();
    // edit-user has no id to aim at: another customer's request changes only their own account, and
    // naming the owner's e-mail is the 409 of an address that belongs to someone else.
    const theirs = await call(
      'PUT',
      '/api/user/edit-user',
      { ...profileOf(other.customer), language: 'en', _id: owner.id, id: owner.id },
      other.token,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body._id).toBe(other.id);
    const aimed = await call(
      'PUT',
      '/api/user/edit-user',
      {
        ...profileOf(other.customer),
        email: owner.customer.email,
        currentPassword: other.customer.password,
        language: 'en',
      },
      other.token,
    );
    expect(aimed.status).toBe(409);
    const anonymous = await call('PUT', '/api/user/edit-user', {
      ...profileOf(owner.customer),
      language: 'en',
    });
    expect(anonymous.status).toBe(401);
    expect(await storedLanguage(owner.id)).toBe('hi');
    expect(await storedLanguage(other.id)).toBe('en');
  });
});
