import type { CustomerChannel } from '../../../shared/channels.js';
import { formatPaise } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import type { Mail } from '../../lib/mailer.js';
import { type MessageReach, offerWithdrawToken } from '../accounts/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { type MessageParams, queueMessage } from '../messages/index.js';

/** Rupees as messages write them: ₹1,299.00. */
export const rupees = (paise: number) => formatPaise(paise);

/** The two addresses of the e-mail's way out: the page with its button, and the one-click POST. */
export function offerStopLinks(publicUrl: string, withdrawToken: string) {
  const token = encodeURIComponent(withdrawToken);
  return {
    stopUrl: `${publicUrl}/unsubscribe?token=${token}`,
    oneClickUrl: `${publicUrl}/api/marketing/unsubscribe?token=${token}`,
  };
}

/**
 * Queues one offer on each channel given, inside the caller's transaction: SMS and WhatsApp
 * through the message outbox (one per event key and channel), e-mail through the e-mail outbox
 * with its withdrawal link. Answers the channels it was queued on (an e-mail needs the consent's
 * withdrawal token; a message the verified number).
 */
export async function queueOffer<K extends 'price-drop' | 'cart-reminder'>(
  tx: Executor,
  input: {
    userId: string;
    reach: MessageReach;
    channels: readonly CustomerChannel[];
    kind: K;
    params: MessageParams[K];
    eventKey: string;
    email: (links: { stopUrl: string; oneClickUrl: string }) => Mail;
    publicUrl: string;
    now: Date;
  },
): Promise<CustomerChannel[]> {
  const { reach } = input;
  const queued: CustomerChannel[] = [];
  for (const channel of input.channels) {
    if (channel === 'email') {
      const token = await offerWithdrawToken(tx, input.userId);
      if (!token) continue;
      await queueEmail(tx, input.email(offerStopLinks(input.publicUrl, token)), input.kind);
      queued.push(channel);
    } else if (reach.mobile) {
      await queueMessage(
        tx,
        {
          channel,
          to: reach.mobile,
          userId: input.userId,
          kind: input.kind,
          language: reach.language,
          params: input.params,
          eventKey: input.eventKey,
        },
        input.now,
      );
      queued.push(channel);
    }
  }
  return queued;
}
