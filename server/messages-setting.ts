import { z } from 'zod';
import { type MessageKind, messageKinds } from './db/schema/messages.js';
import { emptyAsUndefined, optionalUrl } from './env-values.js';

/**
 * SMS and WhatsApp settings (decision 054), part of config.ts's schema. With none set the built-in
 * test providers write every message to DATA_DIR/outbox/sms and DATA_DIR/outbox/whatsapp.
 */

/** DLT template ids by kind: `order-placed=1107...,cod-code=1107...` or the same as a JSON object. */
export function dltTemplatesFrom(value: string | undefined): Partial<Record<MessageKind, string>> | string {
  if (value === undefined) return {};
  let pairs: [string, unknown][];
  if (value.startsWith('{')) {
    try {
      pairs = Object.entries(JSON.parse(value) as Record<string, unknown>);
    } catch {
      return 'SMS_DLT_TEMPLATES is not valid JSON';
    }
  } else {
    pairs = value
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at < 0 ? [pair, ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      });
  }
  const templates: Partial<Record<MessageKind, string>> = {};
  for (const [kind, id] of pairs) {
    if (!(messageKinds as readonly string[]).includes(kind))
      return `SMS_DLT_TEMPLATES names ${kind}, which is not a message kind (${messageKinds.join(', ')})`;
    if (typeof id !== 'string' || !/^\d{6,25}$/.test(id))
      return `SMS_DLT_TEMPLATES: the template id of ${kind} must be the digits DLT gave it`;
    templates[kind as MessageKind] = id;
  }
  return templates;
}

const seconds = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

export const MESSAGES_ENV = {
  // Who sends SMS: the built-in test provider (files), MSG91, or nobody (messages wait, unsent).
  SMS_PROVIDER: emptyAsUndefined.pipe(
    z.enum(['test', 'msg91', 'off'], { message: "SMS_PROVIDER must be 'test', 'msg91' or 'off'" }).optional(),
  ),
  // DLT (TRAI): the registered sender header, the principal entity id, and a template id per kind.
  SMS_SENDER_ID: emptyAsUndefined.pipe(
    z
      .string()
      .regex(/^[A-Z]{6}$/, 'SMS_SENDER_ID must be the 6 capital letters of the DLT header')
      .optional(),
  ),
  SMS_DLT_ENTITY_ID: emptyAsUndefined.pipe(
    z
      .string()
      .regex(/^\d{10,25}$/, 'SMS_DLT_ENTITY_ID must be the digits of the DLT principal entity id')
      .optional(),
  ),
  SMS_DLT_TEMPLATES: emptyAsUndefined.transform((value, ctx) => {
    const templates = dltTemplatesFrom(value);
    if (typeof templates !== 'string') return templates;
    ctx.addIssue({ code: 'custom', message: templates });
    return z.NEVER;
  }),
  MSG91_AUTH_KEY: emptyAsUndefined,
  MSG91_BASE_URL: optionalUrl('MSG91_BASE_URL'),
  // The shared secret MSG91's delivery reports carry (it does not sign them): header or ?secret=.
  SMS_WEBHOOK_SECRET: emptyAsUndefined,
  // Who sends WhatsApp messages: the built-in test provider, the Cloud API, or nobody.
  WHATSAPP_PROVIDER: emptyAsUndefined.pipe(
    z
      .enum(['test', 'cloud', 'off'], { message: "WHATSAPP_PROVIDER must be 'test', 'cloud' or 'off'" })
      .optional(),
  ),
  WHATSAPP_PHONE_NUMBER_ID: emptyAsUndefined,
  WHATSAPP_ACCESS_TOKEN: emptyAsUndefined,
  WHATSAPP_BASE_URL: optionalUrl('WHATSAPP_BASE_URL'),
  WHATSAPP_VERIFY_TOKEN: emptyAsUndefined,
  WHATSAPP_APP_SECRET: emptyAsUndefined,
  // The worker, as the e-mail outbox's (decision 019).
  MESSAGE_POLL_SECONDS: seconds('MESSAGE_POLL_SECONDS', 0, 3600, 5),
  MESSAGE_RETRY_FIRST_SECONDS: seconds('MESSAGE_RETRY_FIRST_SECONDS', 0.01, 3600, 2),
  MESSAGE_RETRY_MAX_SECONDS: seconds('MESSAGE_RETRY_MAX_SECONDS', 0.01, 86_400, 300),
  MESSAGE_GIVE_UP_HOURS: seconds('MESSAGE_GIVE_UP_HOURS', 0.001, 720, 24),
  MESSAGE_LEASE_SECONDS: seconds('MESSAGE_LEASE_SECONDS', 0.1, 3600, 60),
  MESSAGE_KEEP_SENT_DAYS: seconds('MESSAGE_KEEP_SENT_DAYS', 0, 365, 7),
};

const messagesEnvSchema = z.object(MESSAGES_ENV);
type MessagesEnv = z.output<typeof messagesEnvSchema>;

const NEEDS: Record<'msg91' | 'cloud', [keyof MessagesEnv, string][]> = {
  msg91: [
    ['MSG91_AUTH_KEY', "the auth key from MSG91's dashboard (Authkey)"],
    ['SMS_SENDER_ID', 'the 6-letter sender header registered on DLT'],
    ['SMS_DLT_ENTITY_ID', 'the principal entity id registered on DLT'],
  ],
  cloud: [
    ['WHATSAPP_PHONE_NUMBER_ID', "the phone number id from Meta's WhatsApp Manager"],
    ['WHATSAPP_ACCESS_TOKEN', "a system user's permanent access token"],
    ['WHATSAPP_APP_SECRET', "the app's secret, which signs its webhooks"],
    ['WHATSAPP_VERIFY_TOKEN', 'the token typed where the webhook is set up in the app'],
  ],
};

/** A real provider chosen without what it needs: the first setting missing, with what to put there. */
export function messagesSettingsProblem(env: MessagesEnv, ctx: z.RefinementCtx) {
  const chosen = [
    env.SMS_PROVIDER === 'msg91' ? (['SMS_PROVIDER=msg91', NEEDS.msg91] as const) : undefined,
    env.WHATSAPP_PROVIDER === 'cloud' ? (['WHATSAPP_PROVIDER=cloud', NEEDS.cloud] as const) : undefined,
  ];
  for (const choice of chosen) {
    if (!choice) continue;
    const missing = choice[1].find(([key]) => !env[key]);
    if (missing) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]],
        message: `${choice[0]} needs ${missing[0]}: ${missing[1]}`,
      });
      return;
    }
  }
}

export type MessagesSetting = ReturnType<typeof messagesSetting>;

/** The messages part of the config. */
export function messagesSetting(env: MessagesEnv) {
  return {
    sms: {
      provider: env.SMS_PROVIDER ?? 'test',
      senderId: env.SMS_SENDER_ID ?? 'BHBZAR',
      entityId: env.SMS_DLT_ENTITY_ID,
      templates: env.SMS_DLT_TEMPLATES,
      msg91: {
        authKey: env.MSG91_AUTH_KEY ?? '',
        baseUrl: env.MSG91_BASE_URL ?? 'https://control.msg91.com',
      },
      webhookSecret: env.SMS_WEBHOOK_SECRET,
    },
    whatsapp: {
      provider: env.WHATSAPP_PROVIDER ?? 'test',
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
      accessToken: env.WHATSAPP_ACCESS_TOKEN ?? '',
      baseUrl: env.WHATSAPP_BASE_URL ?? 'https://graph.facebook.com/v21.0',
      verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      appSecret: env.WHATSAPP_APP_SECRET,
    },
    worker: {
      pollMs: env.MESSAGE_POLL_SECONDS * 1000,
      retryFirstMs: env.MESSAGE_RETRY_FIRST_SECONDS * 1000,
      retryMaxMs: Math.max(env.MESSAGE_RETRY_MAX_SECONDS, env.MESSAGE_RETRY_FIRST_SECONDS) * 1000,
      giveUpAfterMs: env.MESSAGE_GIVE_UP_HOURS * 3_600_000,
      leaseMs: env.MESSAGE_LEASE_SECONDS * 1000,
      keepSentMs: env.MESSAGE_KEEP_SENT_DAYS * 86_400_000,
    },
  };
}
