import type { Locale } from '../../../../shared/locales.js';
import type { MessageCategory, MessageChannel, MessageKind } from '../../../db/schema.js';
import type { RenderedMessage } from '../message-templates.js';

/** A message as the worker hands it to a provider: the outbox row, rendered. */
export type OutgoingMessage = {
  /** The outbox row's id: the same on every attempt (a provider's fake counts deliveries by it). */
  id: string;
  channel: MessageChannel;
  /** Ten digits; providers write +91 / 91 before them as their API wants. */
  to: string;
  kind: MessageKind;
  category: MessageCategory;
  language: Locale;
  params: Record<string, string>;
  rendered: RenderedMessage;
};

/**
 * An SMS or WhatsApp provider. `send` answers the provider's id for the message (its delivery
 * receipts name it), or throws one of the errors below; anything else thrown counts as a failed
 * attempt to retry.
 */
export type MessageProvider = {
  channel: MessageChannel;
  name: string;
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
};

/**
 * The provider as a whole cannot take messages now (connection refused or timed out, 5xx, 429):
 * retried with backoff, and when it takes one again what waited meanwhile goes at once.
 */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider refused this message for good (an invalid number, a template it does not know). */
export class MessageRejectedError extends Error {
  override name = 'MessageRejectedError';
}

/**
 * The kind has no registered template on this channel (DLT's rule: no free text). The message is
 * not sent: marked skipped, logged and counted.
 */
export class TemplateMissingError extends Error {
  override name = 'TemplateMissingError';
}

/** "+919812345678": how the test outbox files and people write a number. */
export const international = (to: string) => `+91${to}`;

/** A provider's HTTP answer with status `status` as the error the worker understands. */
export function httpFailure(provider: string, status: number, detail: string): Error {
  const what = `${provider} answered ${status}${detail ? `: ${detail.slice(0, 300)}` : ''}`;
  if (status >= 500 || status === 429 || status === 408) return new ProviderUnavailableError(what);
  // A refused key or token is the shop's setting, not the message: retried (it may be fixed).
  if (status === 401 || status === 403) return new Error(`${what} (check the provider's key or token)`);
  return new MessageRejectedError(what);
}

/** POSTs JSON; a network failure or timeout is the provider being unavailable. */
export async function postJson(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 15_000,
): Promise<{ status: number; json: unknown; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderUnavailableError(
      `${provider} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}
