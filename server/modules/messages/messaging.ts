import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { MessageChannel } from '../../db/schema.js';
import type { ShopMetrics } from '../../lib/metrics.js';
import type { MessagesSetting } from '../../messages-setting.js';
import { createMessageWorker } from './message-worker.js';
import { createMessagesAdmin } from './messages-admin.js';
import type { MessageProvider } from './providers/message-provider.js';
import { msg91Provider } from './providers/msg91-provider.js';
import { testMessageProvider } from './providers/test-providers.js';
import { whatsappCloudProvider } from './providers/whatsapp-cloud-provider.js';
import { handleMsg91Webhook, handleWhatsappWebhook } from './webhooks.js';

/** The provider of each channel the settings turn on (`off`: none; its messages wait in the table). */
export function selectMessageProviders(
  settings: MessagesSetting,
  outboxDir: string,
): Partial<Record<MessageChannel, MessageProvider>> {
  const { sms, whatsapp } = settings;
  const providers: Partial<Record<MessageChannel, MessageProvider>> = {};
  if (sms.provider === 'test')
    providers.sms = testMessageProvider('sms', { outboxDir, senderId: sms.senderId });
  if (sms.provider === 'msg91')
    providers.sms = msg91Provider({
      ...sms.msg91,
      senderId: sms.senderId,
      entityId: sms.entityId,
      templates: sms.templates,
    });
  if (whatsapp.provider === 'test')
    providers.whatsapp = testMessageProvider('whatsapp', { outboxDir, senderId: sms.senderId });
  if (whatsapp.provider === 'cloud') providers.whatsapp = whatsappCloudProvider(whatsapp);
  return providers;
}

/**
 * SMS and WhatsApp as the app uses them (decision 054): the worker that sends the outbox, the
 * providers' webhooks, and the console's list.
 */
export function createMessaging(deps: {
  db: Database;
  settings: MessagesSetting;
  outboxDir: string;
  log: FastifyBaseLogger;
  metrics?: ShopMetrics | undefined;
}) {
  const { db, settings } = deps;
  const providers = selectMessageProviders(settings, deps.outboxDir);
  const worker = createMessageWorker({
    db,
    providers,
    log: deps.log,
    settings: settings.worker,
    metrics: deps.metrics,
  });
  return {
    worker,
    /** Where the test providers write their files (DATA_DIR/outbox/sms, .../whatsapp). */
    outboxDir: deps.outboxDir,
    /** Whether codes can go by SMS (a provider is set, the test one included). */
    smsEnabled: Boolean(providers.sms),
    admin: createMessagesAdmin({ db }),
    webhooks: {
      whatsapp: {
        verifyToken: settings.whatsapp.verifyToken,
        appSecret: settings.whatsapp.appSecret,
        handle: (body: unknown, now = new Date()) => handleWhatsappWebhook(db, body, now),
      },
      msg91: {
        secret: settings.sms.webhookSecret,
        handle: (body: unknown, now = new Date()) => handleMsg91Webhook(db, body, now),
      },
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
