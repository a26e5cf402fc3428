import type { MessageKind } from '../../../db/schema.js';
import {
  httpFailure,
  type MessageProvider,
  MessageRejectedError,
  postJson,
  TemplateMissingError,
} from './message-provider.js';

export type Msg91Settings = {
  authKey: string;
  /** https://control.msg91.com, or a test's fake. */
  baseUrl: string;
  /** The DLT sender header and principal entity id. */
  senderId: string;
  entityId: string | undefined;
  /** The DLT template id of each kind, as MSG91's template is mapped to it. */
  templates: Partial<Record<MessageKind, string>>;
};

/**
 * SMS through MSG91's Flow API (`POST /api/v5/flow`, header `authkey`): the template is the one
 * mapped in MSG91 to the DLT template id, and each recipient carries the template's variables as
 * `var1`, `var2`... in `messageParamOrder` order. MSG91 answers `{type: "success", message: <request
 * id>}`; its delivery reports name that request id. A kind with no DLT template configured is never
 * sent as free text: TemplateMissingError, which the worker records as skipped.
 */
export function msg91Provider(settings: Msg91Settings): MessageProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/api/v5/flow`;
  return {
    channel: 'sms',
    name: 'msg91',
    async send(message) {
      const templateId = settings.templates[message.kind];
      if (!templateId)
        throw new TemplateMissingError(
          `no DLT template id for ${message.kind} in SMS_DLT_TEMPLATES: not sent (never as free text)`,
        );
      const variables = Object.fromEntries(message.rendered.values.map((value, i) => [`var${i + 1}`, value]));
      const answer = await postJson(
        'MSG91',
        url,
        { authkey: settings.authKey },
        {
          template_id: templateId,
          sender: settings.senderId,
          short_url: '0',
          ...(settings.entityId ? { DLT_PE_ID: settings.entityId } : {}),
          recipients: [{ mobiles: `91${message.to}`, ...variables }],
        },
      );
      const body = (answer.json ?? {}) as { type?: string; message?: unknown };
      if (answer.status >= 400) throw httpFailure('MSG91', answer.status, answer.text);
      // MSG91 answers some refusals (an unknown template, a bad number) with 200 and type "error".
      if (body.type !== 'success' || typeof body.message !== 'string' || !body.message)
        throw new MessageRejectedError(`MSG91 refused the message: ${answer.text.slice(0, 300)}`);
      return { providerMessageId: body.message };
    },
  };
}
