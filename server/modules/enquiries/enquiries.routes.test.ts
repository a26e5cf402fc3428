import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const valid = {
  name: 'Asha Rao',
  email: 'Asha@Example.in',
  mobile: '+91 98765 43210',
  comment: 'Do you ship to Leh?',
};

describe('POST /api/enquiry', () => {
  it('stores a valid enquiry and returns it', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/enquiry', payload: valid });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.in',
      mobile: '9876543210',
      status: 'Submitted',
    });
    const rows = await ctx.database.db.select().from(enquiries);
    expect(rows).toHaveLength(1);
  });

  it('answers 400 with field messages for bad input', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      payload: { name: '', email: 'x' },
      remoteAddress: '10.0.0.2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: 'Name is required',
      email: 'Invalid email address',
      mobile: 'Mobile is required',
      comment: 'Comments is required',
    });
  });

  it('refuses markup in the name or the message, saying what to change, and stores nothing', async () => {
    const plainText = 'Please write plain text, without HTML tags such as <b> or <a href>.';
    const before = (await ctx.database.db.select().from(enquiries)).length;
    const cases = [
      { comment: 'Hello <img src=x onerror=alert(1)>' },
      { comment: '<script>alert(1)</script>' },
      { name: 'Asha <b>Rao</b>' },
    ];
    for (const [i, change] of cases.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/enquiry',
        payload: { ...valid, ...change },
        remoteAddress: `10.0.1.${i}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: plainText,
        errors: { [Object.keys(change)[0]!]: plainText },
      });
    }
    expect(await ctx.database.db.select().from(enquiries)).toHaveLength(before);
    const kept = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      payload: { ...valid, comment: 'Is delivery < 3 days to Leh?' },
      remoteAddress: '10.0.1.9',
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().comment).toBe('Is delivery < 3 days to Leh?');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: '10.0.0.3',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON.',
      requestId: expect.any(String),
    });
  });

  it('rate-limits a flood from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/enquiry',
        payload: valid,
        remoteAddress: '10.0.0.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });
});
