import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_SHIPROCKET_COURIERS,
  type FakeShiprocketCourier,
  type FakeState,
  type FakeWebhook,
  recordScan,
  routeFakeRequest,
  webhookOf,
} from './fake-shiprocket-api.js';

export type { FakeShiprocketOrder, FakeWebhook } from './fake-shiprocket-api.js';

/**
 * A local stand-in for Shiprocket's API (test support only: nothing in the app imports it): the
 * endpoints the adapter calls (fake-shiprocket-api.ts) behind bearer tokens from its login, the
 * tracking webhooks it would send, and switches for the ways the real one misbehaves: answers
 * slower than the shop waits, 5xx, tokens expiring early, answers lost after the work was done,
 * webhooks sent twice, out of order or not at all.
 */
export async function startFakeShiprocket(
  options: {
    email?: string;
    password?: string;
    webhookToken?: string;
    pickupLocation?: string;
    couriers?: FakeShiprocketCourier[];
  } = {},
) {
  const email = options.email ?? 'api-user@shop.example';
  const password = options.password ?? 'fake-shiprocket-password';
  const webhookToken = options.webhookToken ?? 'fake-shiprocket-webhook-token';
  const state: FakeState = {
    orders: [],
    couriers: options.couriers ?? FAKE_SHIPROCKET_COURIERS,
    unserviceable: new Set(['999999']),
    pickupLocation: options.pickupLocation ?? 'Primary',
    next: { id: 1, awb: 19041424751540n },
  };
  const tokens = new Set<string>();
  const requests: { method: string; path: string; body: unknown; authorization?: string | undefined }[] = [];
  const webhookQueue: FakeWebhook[] = [];
  // Scans are a minute apart, from an hour ago, so each has its own time.
  let clock = Date.now() - 3_600_000;

  // The misbehaviours, each for the next `count` requests (or webhooks) it applies to.
  const slow = { ms: 0, count: 0, path: '' };
  const failing = { status: 503, count: 0 };
  const dropping = { path: '', count: 0, thenFail: 0 };
  const webhookFaults = { copies: 1, reversed: false, lost: false };

  function send(res: ServerResponse, status: number, body: unknown) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1\/external\/?/, '').replace(/\/$/, '');
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return send(res, 400, { message: 'Malformed JSON' });
    }
    requests.push({ method: req.method ?? '', path, body, authorization: req.headers.authorization });
    if (slow.count > 0 && (!slow.path || slow.path === path)) {
      slow.count -= 1;
      await new Promise((resolve) => setTimeout(resolve, slow.ms));
    }
    if (failing.count > 0) {
      failing.count -= 1;
      return send(res, failing.status, {
        message: 'Service Temporarily Unavailable',
        status_code: failing.status,
      });
    }
    if (path === 'auth/login') {
      if (body.email !== email || body.password !== password)
        return send(res, 403, { message: 'Invalid email and password combination', status_code: 403 });
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      return send(res, 200, { id: 1, email, company_id: 1, token });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return send(res, 401, { message: 'Token has expired', status_code: 401 });
    const answer = routeFakeRequest(state, req.method ?? 'GET', path, url.searchParams, body);
    if (dropping.count > 0 && path === dropping.path) {
      // The work is done; the answer never arrives (and Shiprocket may go down with it).
      dropping.count -= 1;
      failing.count = dropping.thenFail;
      res.socket?.destroy();
      return;
    }
    send(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1/external`,
    email,
    password,
    webhookToken,
    pickupLocation: state.pickupLocation,
    couriers: state.couriers,
    orders: state.orders,
    requests,
    unserviceable: state.unserviceable,
    /**
     * Answers the next `count` requests (to `path`, or any) only after `ms`; the work is still done,
     * as it would be.
     */
    answerSlowly(ms: number, count = 1, path = '') {
      Object.assign(slow, { ms, count, path });
    },
    /** Fails the next `count` requests with `status` (an outage), doing nothing. */
    fail(count = 1, status = 503) {
      Object.assign(failing, { status, count });
    },
    /** Every token issued so far stops working (401) until the shop logs in again. */
    expireTokens() {
      tokens.clear();
    },
    /**
     * Does the next `count` requests to `path` (e.g. 'courier/assign/awb'), then drops the connection;
     * with `thenFail`, the requests after that get 503 (Shiprocket went down mid-booking).
     */
    dropAnswer(path: string, count = 1, thenFail = 0) {
      Object.assign(dropping, { path, count, thenFail });
    },
    /** How the next webhooks go: each sent `copies` times, the batch in reverse order, or never. */
    webhooks(faults: Partial<typeof webhookFaults>) {
      Object.assign(webhookFaults, faults);
    },
    /** The courier scans a parcel (a Shiprocket status id); its webhook waits in the queue. */
    scan(awb: string, statusId: number, details: { location?: string; activity?: string } = {}) {
      clock += 60_000;
      const { order, scan } = recordScan(state, awb, statusId, details, new Date(clock));
      if (!webhookFaults.lost) webhookQueue.push(webhookOf(order, scan, webhookToken));
      return scan;
    },
    /** A webhook for the latest scan of `awb`, with `token` (a wrong one, to be refused). */
    webhookFor(awb: string, token = webhookToken) {
      const order = state.orders.find((o) => o.awb === awb)!;
      return webhookOf(order, order.scans.at(-1)!, token);
    },
    /** Sends the queued webhooks through `deliver` (the test's request to the shop), with the faults set. */
    async deliverWebhooks(deliver: (webhook: FakeWebhook) => Promise<unknown>) {
      const batch = webhookQueue.splice(0);
      if (webhookFaults.reversed) batch.reverse();
      for (const webhook of batch) for (let i = 0; i < webhookFaults.copies; i++) await deliver(webhook);
      return batch.length;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeShiprocket = Awaited<ReturnType<typeof startFakeShiprocket>>;
