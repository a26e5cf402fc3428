import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tiny local stand-ins for MSG91's Flow API and WhatsApp's Cloud API: the endpoint each adapter
 * calls, checking its key or token, remembering what it accepted, able to be down (503) for an
 * outage, and sending the delivery receipts each provider's webhook would, to the shop.
 */
type Handler = (body: unknown, request: IncomingMessage) => { status: number; json: unknown };

/** Where a fake sends its webhooks: the test wires it to `app.inject`, answering the status code. */
export type WebhookSender = (request: {
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<number>;

async function listen(route: (method: string, path: string) => Handler | undefined) {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const handler = route(request.method ?? 'GET', (request.url ?? '/').split('?')[0]!);
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        body = undefined;
      }
      const answer = handler ? handler(body, request) : { status: 404, json: { message: 'no such route' } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Msg91Accepted = {
  requestId: string;
  templateId: string;
  sender: string;
  mobiles: string;
  vars: Record<string, string>;
};

export async function startFakeMsg91(options: { authKey?: string; webhookSecret?: string } = {}) {
  const authKey = options.authKey ?? 'fake-msg91-key';
  const secret = options.webhookSecret ?? 'fake-msg91-webhook-secret';
  const accepted: Msg91Accepted[] = [];
  let down = false;
  let refused = 0;
  const server = await listen((method, path) => {
    if (method !== 'POST' || path !== '/api/v5/flow') return undefined;
    return (body, request) => {
      if (down) {
        refused += 1;
        return { status: 503, json: { type: 'error', message: 'Service unavailable' } };
      }
      if (request.headers.authkey !== authKey)
        return { status: 401, json: { type: 'error', message: 'Authentication failure' } };
      const { template_id, sender, recipients } = (body ?? {}) as {
        template_id?: string;
        sender?: string;
        recipients?: ({ mobiles?: string } & Record<string, string>)[];
      };
      const recipient = recipients?.[0];
      if (!template_id || !recipient?.mobiles || !/^91[6-9]\d{9}$/.test(recipient.mobiles))
        return { status: 400, json: { type: 'error', message: 'Invalid template or mobile' } };
      const { mobiles, ...vars } = recipient;
      const requestId = randomBytes(12).toString('hex');
      accepted.push({ requestId, templateId: template_id, sender: sender ?? '', mobiles, vars });
      return { status: 200, json: { type: 'success', message: requestId } };
    };
  });
  return {
    ...server,
    authKey,
    secret,
    accepted,
    refusedCount: () => refused,
    setDown(value: boolean) {
      down = value;
    },
    /** MSG91's delivery report (v3, JSON) for each accepted message, sent with the shared secret. */
    async reportDelivered(send: WebhookSender, requestIds = accepted.map((a) => a.requestId)) {
      const codes: number[] = [];
      for (const requestId of requestIds) {
        const message = accepted.find((a) => a.requestId === requestId);
        const date = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
        const payload = JSON.stringify({
          requestId,
          number: message?.mobiles ?? '',
          status: '1',
          desc: 'DELIVERED',
          date,
        });
        codes.push(
          await send({
            url: '/api/webhooks/msg91',
            headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
            payload,
          }),
        );
      }
      return codes;
    },
  };
}

export type WhatsappAccepted = {
  id: string;
  to: string;
  template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
  outboxId: string | undefined;
};

export async function startFakeWhatsappCloud(
  options: { phoneNumberId?: string; accessToken?: string; appSecret?: string } = {},
) {
  const phoneNumberId = options.phoneNumberId ?? '109876543210';
  const accessToken = options.accessToken ?? 'fake-whatsapp-token';
  const appSecret = options.appSecret ?? 'fake-whatsapp-app-secret';
  const accepted: WhatsappAccepted[] = [];
  let down = false;
  const server = await listen((method, path) => {
    if (method !== 'POST' || path !== `/${phoneNumberId}/messages`) return undefined;
    return (body, request) => {
      if (down)
        return { status: 503, json: { error: { message: 'Service temporarily unavailable', code: 2 } } };
      if (request.headers.authorization !== `Bearer ${accessToken}`)
        return { status: 401, json: { error: { message: 'Invalid OAuth access token', code: 190 } } };
      const message = (body ?? {}) as {
        messaging_product?: string;
        to?: string;
        type?: string;
        template?: WhatsappAccepted['template'];
        biz_opaque_callback_data?: string;
      };
      if (message.messaging_product !== 'whatsapp' || message.type !== 'template' || !message.template?.name)
        return { status: 400, json: { error: { message: 'Invalid parameter', code: 100 } } };
      const id = `wamid.${randomBytes(16).toString('hex')}`;
      accepted.push({
        id,
        to: message.to ?? '',
        template: message.template,
        outboxId: message.biz_opaque_callback_data,
      });
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id }],
        },
      };
    };
  });
  /** A webhook body signed as Meta signs it: X-Hub-Signature-256 over the exact bytes. */
  const signed = (value: unknown, secret = appSecret) => {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA-1', changes: [{ field: 'messages', value }] }],
    });
    const signature = createHmac('sha256', secret).update(payload).digest('hex');
    return {
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
      payload,
    };
  };
  return {
    ...server,
    phoneNumberId,
    accessToken,
    appSecret,
    accepted,
    signed,
    setDown(value: boolean) {
      down = value;
    },
    /** One status webhook per accepted message (delivered, or read...). */
    async reportStatus(
      send: WebhookSender,
      status: 'delivered' | 'read' | 'failed',
      ids = accepted.map((a) => a.id),
    ) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const codes: number[] = [];
      for (const id of ids)
        codes.push(
          await send(
            signed({
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: phoneNumberId },
              statuses: [{ id, status, timestamp, recipient_id: accepted.find((a) => a.id === id)?.to }],
            }),
          ),
        );
      return codes;
    },
    /** A customer's reply, as the webhook brings it. */
    reply(from: string, text: string, at = new Date()) {
      return signed({
        messaging_product: 'whatsapp',
        metadata: { phone_number_id: phoneNumberId },
        messages: [
          {
            from,
            id: `wamid.${randomBytes(8).toString('hex')}`,
            timestamp: String(Math.floor(at.getTime() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
  };
}

/** The settings that point the app's SMS and WhatsApp adapters at these fakes. */
export function fakeProvidersEnv(
  msg91: Awaited<ReturnType<typeof startFakeMsg91>>,
  whatsapp: Awaited<ReturnType<typeof startFakeWhatsappCloud>>,
  dltTemplates: string,
): Record<string, string> {
  return {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: msg91.authKey,
    MSG91_BASE_URL: msg91.url,
    SMS_SENDER_ID: 'BHBZAR',
    SMS_DLT_ENTITY_ID: '1101234567890123456',
    SMS_DLT_TEMPLATES: dltTemplates,
    SMS_WEBHOOK_SECRET: msg91.secret,
    WHATSAPP_PROVIDER: 'cloud',
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
    WHATSAPP_BASE_URL: whatsapp.url,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'a-verify-token-for-tests',
  };
}
