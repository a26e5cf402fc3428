import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, messageReceipts, users } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import {
  fakeProvidersEnv,
  startFakeMsg91,
  startFakeWhatsappCloud,
  type WebhookSender,
} from '../../test/fake-message-providers.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { messageReach, setChannelOffers } from '../accounts/index.js';
import { renderMessage } from './message-templates.js';
import { queueMessage } from './messages.js';
import {
  MessageRejectedError,
  ProviderUnavailableError,
  TemplateMissingError,
} from './providers/message-provider.js';
import { msg91Provider } from './providers/msg91-provider.js';

/**
 * The real adapters against local fakes of MSG91's Flow API and WhatsApp's Cloud API, through the
 * app: what each provider receives, the receipts the fakes send back through the shop's webhooks
 * (verified, replay-safe), a reply STOP, the console's list, and an erasure.
 */
let ctx: TestContext;
let msg91: Awaited<ReturnType<typeof startFakeMsg91>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsappCloud>>;
let event = 0;

const DLT = { 'order-placed': '1107161234567890123', 'mobile-code': '1107161234567890124' };
const send: WebhookSender = async (request) =>
  (await ctx.app.inject({ method: 'POST', ...request })).statusCode;

beforeAll(async () => {
  msg91 = await startFakeMsg91();
  whatsapp = await startFakeWhatsappCloud();
  ctx = await createTestApp({
    ...fakeProvidersEnv(
      msg91,
      whatsapp,
      Object.entries(DLT)
        .map(([kind, id]) => `${kind}=${id}`)
        .join(','),
    ),
    MESSAGE_POLL_SECONDS: '0',
    MESSAGE_RETRY_FIRST_SECONDS: '0.05',
    MESSAGE_RETRY_MAX_SECONDS: '0.2',
  });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await msg91?.close();
  await whatsapp?.close();
});

const db = () => ctx.database.db;
const drain = () => ctx.app.services.messaging.worker.drain();

function queue(
  channel: 'sms' | 'whatsapp',
  kind: 'order-placed' | 'cod-code',
  to = '9812345678',
  userId: string | null = null,
) {
  event += 1;
  const key = `provider-test:${event}`;
  const params =
    kind === 'order-placed'
      ? { name: 'Asha', orderNumber: `BB-${event}`, amount: '₹1,299.00', url: 'https://shop.example.in/o/1' }
      : { code: '123456', orderNumber: `BB-${event}`, amount: '₹1,299.00', minutes: '10' };
  return db().transaction((tx) =>
    queueMessage(tx, { channel, to, userId, kind, language: 'en', params, eventKey: key } as never),
  );
}

const rowOf = async (id: string | null) =>
  (await db().select().from(messageOutbox).where(eq(messageOutbox.id, id!)))[0]!;

describe('SMS through MSG91', () => {
  it('sends the DLT template with its variables in order; the fake’s delivery report marks it delivered, once', async () => {
    const id = await queue('sms', 'order-placed');
    await drain();
    const row = await rowOf(id);
    const accepted = msg91.accepted.find((a) => a.requestId === row.providerMessageId);
    expect(accepted).toEqual({
      requestId: row.providerMessageId,
      templateId: DLT['order-placed'],
      sender: 'BHBZAR',
      mobiles: '919812345678',
      vars: {
        var1: 'Asha',
        var2: row.params.orderNumber,
        var3: '₹1,299.00',
        var4: 'https://shop.example.in/o/1',
      },
    });
    expect(row.status).toBe('sent');

    expect(await msg91.reportDelivered(send, [row.providerMessageId!])).toEqual([200]);
    expect((await rowOf(id)).status).toBe('delivered');
    // MSG91 retries its reports: the same one again changes nothing.
    expect(await msg91.reportDelivered(send, [row.providerMessageId!])).toEqual([200]);
    const receipts = await db()
      .select()
      .from(messageReceipts)
      .where(eq(messageReceipts.providerMessageId, row.providerMessageId!));
    expect(receipts.map((r) => r.status)).toEqual(['delivered']);

    // Without the shared secret, or with a wrong one: 401, nothing recorded.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/msg91?secret=guess',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ requestId: row.providerMessageId, status: '2', desc: 'FAILED' }),
    });
    expect(forged.statusCode).toBe(401);
    expect((await rowOf(id)).status).toBe('delivered');
  });

  it('never sends a kind with no DLT template configured: skipped, logged and counted', async () => {
    const before = msg91.accepted.length;
    const id = await queue('sms', 'cod-code');
    await drain();
    expect(msg91.accepted).toHaveLength(before);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'skipped', providerMessageId: null });
    expect(row.lastError).toMatch(/no DLT template id for cod-code/);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/shop_messages_total\{channel="sms",outcome="skipped"\} 1/);
  });

  it('retries while MSG91 answers 5xx and sends once it is back', async () => {
    msg91.setDown(true);
    try {
      const id = await queue('sms', 'order-placed');
      // The worker heard the commit too: one attempt or more, each refused.
      await ctx.app.services.messaging.worker.runDue();
      const waiting = await rowOf(id);
      expect(waiting.status).toBe('queued');
      expect(waiting.attempts).toBeGreaterThanOrEqual(1);
      expect(waiting.lastError).toMatch(/MSG91 answered 503/);
      msg91.setDown(false);
      await drain();
      expect((await rowOf(id)).status).toBe('sent');
    } finally {
      msg91.setDown(false);
    }
  });

  it('as an adapter: a refused key is retried (the setting may be fixed), a bad request refused, a missing template skipped', async () => {
    const message = (kind: 'order-placed' | 'cod-code', to = '9812345678') => ({
      id: 'row-1',
      channel: 'sms' as const,
      to,
      kind,
      category: 'utility' as const,
      language: 'en' as const,
      params: { name: 'Asha', orderNumber: 'BB-1', amount: '₹1.00', url: 'https://x.in' },
      rendered: renderMessage(kind, 'en', {
        name: 'Asha',
        orderNumber: 'BB-1',
        amount: '₹1.00',
        url: 'https://x.in',
      }),
    });
    const settings = { baseUrl: msg91.url, senderId: 'BHBZAR', entityId: undefined, templates: DLT };
    const wrongKey = msg91Provider({ ...settings, authKey: 'not-the-key' });
    const refusedKey = await wrongKey.send(message('order-placed')).catch((e: unknown) => e);
    expect(refusedKey).toBeInstanceOf(Error);
    expect(refusedKey).not.toBeInstanceOf(MessageRejectedError);
    expect(String(refusedKey)).toMatch(/401.*check the provider's key/);
    const good = msg91Provider({ ...settings, authKey: msg91.authKey });
    await expect(good.send(message('order-placed', '1234567890'))).rejects.toBeInstanceOf(
      MessageRejectedError,
    );
    await expect(good.send(message('cod-code'))).rejects.toBeInstanceOf(TemplateMissingError);
    msg91.setDown(true);
    await expect(good.send(message('order-placed'))).rejects.toBeInstanceOf(ProviderUnavailableError);
    msg91.setDown(false);
    const unreachable = msg91Provider({ ...settings, authKey: msg91.authKey, baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.send(message('order-placed'))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('WhatsApp through the Cloud API', () => {
  it('sends the approved template with its body variables; signed statuses move it to delivered then read, once', async () => {
    const id = await queue('whatsapp', 'order-placed');
    await drain();
    const row = await rowOf(id);
    const accepted = whatsapp.accepted.find((a) => a.id === row.providerMessageId);
    expect(accepted).toMatchObject({
      to: '919812345678',
      outboxId: id,
      template: {
        name: 'order_placed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Asha', row.params.orderNumber, '₹1,299.00', 'https://shop.example.in/o/1'].map(
              (text) => ({ type: 'text', text }),
            ),
          },
        ],
      },
    });
    expect(await whatsapp.reportStatus(send, 'delivered', [row.providerMessageId!])).toEqual([200]);
    expect((await rowOf(id)).status).toBe('delivered');
    expect(await whatsapp.reportStatus(send, 'read', [row.providerMessageId!])).toEqual([200]);
    expect((await rowOf(id)).status).toBe('read');
    // Replayed, and late: a delivered after read moves nothing back; the replay records nothing new.
    expect(await whatsapp.reportStatus(send, 'delivered', [row.providerMessageId!])).toEqual([200]);
    expect((await rowOf(id)).status).toBe('read');
    const receipts = await db()
      .select()
      .from(messageReceipts)
      .where(eq(messageReceipts.providerMessageId, row.providerMessageId!));
    expect(receipts.map((r) => r.status).sort()).toEqual(['delivered', 'read']);
  });

  it('refuses a webhook whose signature is not the app secret’s, and acknowledges unknown or old statuses', async () => {
    const id = await queue('whatsapp', 'order-placed');
    await drain();
    const { providerMessageId } = await rowOf(id);
    const status = {
      statuses: [{ id: providerMessageId, status: 'failed', timestamp: `${Date.now() / 1000}` }],
    };
    const forged = whatsapp.signed(status, 'not-the-app-secret');
    expect((await ctx.app.inject({ method: 'POST', ...forged })).statusCode).toBe(401);
    const unsigned = { ...whatsapp.signed(status), headers: { 'content-type': 'application/json' } };
    expect((await ctx.app.inject({ method: 'POST', ...unsigned })).statusCode).toBe(401);
    expect((await rowOf(id)).status).toBe('sent');

    const old = whatsapp.signed({
      statuses: [
        { id: providerMessageId, status: 'delivered', timestamp: `${Date.now() / 1000 - 25 * 3600}` },
      ],
    });
    const unknown = whatsapp.signed({
      statuses: [{ id: 'wamid.unknown', status: 'delivered', timestamp: `${Date.now() / 1000}` }],
    });
    for (const request of [old, unknown]) {
      const answer = await ctx.app.inject({ method: 'POST', ...request });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'processed', receipts: 0, ignored: 1, optOuts: 0 });
    }
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('answers Meta’s verification handshake only with the verify token', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=a-verify-token-for-tests&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('a reply STOP (any case, or रोकें) from a verified number withdraws that customer’s WhatsApp offers', async () => {
    const customers = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    for (const customer of customers) {
      await db().update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.id, customer.id));
      await setChannelOffers(db(), customer.id, 'whatsapp', true, 'profile', new Date());
    }
    const [shouting, hindi, chatty] = customers as [
      (typeof customers)[0],
      (typeof customers)[0],
      (typeof customers)[0],
    ];
    for (const [who, text] of [
      [shouting, 'stop'],
      [hindi, 'रोकें'],
      [chatty, 'Will it come tomorrow?'],
    ] as const) {
      const answer = await ctx.app.inject({ method: 'POST', ...whatsapp.reply(`91${who.mobile}`, text) });
      expect(answer.statusCode).toBe(200);
    }
    expect((await messageReach(db(), shouting.id))?.offers.whatsapp).toBe(false);
    expect((await messageReach(db(), hindi.id))?.offers.whatsapp).toBe(false);
    expect((await messageReach(db(), chatty.id))?.offers.whatsapp).toBe(true);
    // A STOP more than a day old (a replay) changes nothing.
    await setChannelOffers(db(), chatty.id, 'whatsapp', true, 'profile', new Date());
    const replay = whatsapp.reply(`91${chatty.mobile}`, 'STOP', new Date(Date.now() - 25 * 3600_000));
    expect((await ctx.app.inject({ method: 'POST', ...replay })).json().optOuts).toBe(0);
    expect((await messageReach(db(), chatty.id))?.offers.whatsapp).toBe(true);
  });
});

describe('the console and erasure', () => {
  it('lists messages for staff who see customers, masked and audited; refuses other roles, shoppers and strangers', async () => {
    await queue('sms', 'order-placed', '9876500011');
    await drain();
    const support = await signInStaff(ctx.app, 'support');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/messages?channel=sms&status=sent',
      headers: support.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.messages.length).toBeGreaterThan(0);
    expect(
      body.messages.every(
        (m: { channel: string; status: string }) => m.channel === 'sms' && m.status === 'sent',
      ),
    ).toBe(true);
    expect(body.messages[0]).toMatchObject({
      to: '••••••0011',
      kind: 'order-placed',
      attempts: 1,
      lastError: null,
    });
    expect(list.body).not.toContain('9876500011');
    const trail = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?kind=personal-data',
      headers: (await signInStaff(ctx.app, 'owner')).headers,
    });
    expect(trail.json().events.some((e: { action: string }) => e.action === 'message.list')).toBe(true);

    const catalogue = await signInStaff(ctx.app, 'catalogue');
    const shopper = await signUp(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: catalogue.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: shopper.headers }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/messages?status=lost',
      headers: support.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an erased account’s messages are deleted, sent or waiting, and nobody else’s', async () => {
    const customer = await signUp(ctx.app);
    const mine = await queue('whatsapp', 'order-placed', customer.mobile, customer.id);
    const code = await queue('sms', 'order-placed', customer.mobile);
    const theirs = await queue('sms', 'order-placed', '9876500012');
    await drain();
    const erased = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: customer.headers,
      payload: { currentPassword: customer.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await db().select({ id: messageOutbox.id }).from(messageOutbox);
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(mine);
    expect(ids).not.toContain(code);
    expect(ids).toContain(theirs);
  });
});
