import { httpFailure, type MessageProvider, MessageRejectedError, postJson } from './message-provider.js';

export type WhatsappCloudSettings = {
  phoneNumberId: string;
  accessToken: string;
  /** https://graph.facebook.com/v21.0, or a test's fake. */
  baseUrl: string;
};

/**
 * WhatsApp through the Cloud API: `POST /{phone-number-id}/messages` with the approved template's
 * name, its language and the body's variables in order, bearer token. Answers `messages[0].id` (a
 * `wamid.`), which the status webhooks name.
 */
export function whatsappCloudProvider(settings: WhatsappCloudSettings): MessageProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    name: 'cloud',
    async send(message) {
      const { whatsapp, values } = message.rendered;
      const answer = await postJson(
        'WhatsApp',
        url,
        { authorization: `Bearer ${settings.accessToken}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: `91${message.to}`,
          type: 'template',
          template: {
            name: whatsapp.name,
            language: { code: whatsapp.languageCode },
            components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
          },
          // Echoed in the status webhooks: names the outbox row whatever id WhatsApp gave it.
          biz_opaque_callback_data: message.id,
        },
      );
      if (answer.status >= 400) throw httpFailure('WhatsApp', answer.status, answer.text);
      const id = (answer.json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      if (typeof id !== 'string' || !id)
        throw new MessageRejectedError(
          `WhatsApp answered without a message id: ${answer.text.slice(0, 300)}`,
        );
      return { providerMessageId: id };
    },
  };
}
