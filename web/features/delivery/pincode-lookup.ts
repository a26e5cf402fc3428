import type { ResponseOf } from '../../../shared/api/endpoint';
import { getPincode } from '../../../shared/api/pincodes';
import { shippingEstimate } from '../../../shared/api/shipping';
import type { Translate } from '../../i18n/i18n';
import { api } from '../../lib/api-client';

/**
 * The pincode check shared by the product page's "Deliver to" and the checkout's address form:
 * one request per pincode per visit, the answer's date in words, and the shopper's pincode kept
 * in localStorage so every product page can show its promise straight away.
 */
export type PincodeAnswer = ResponseOf<typeof getPincode>;

export type DeliveryEstimate = ResponseOf<typeof shippingEstimate>;

const estimates = new Map<string, Promise<DeliveryEstimate>>();

/** The delivery of one product to a pincode: charge, day and cash on delivery (one request per pair a visit). */
export function estimateDelivery(pin: string, productId: string): Promise<DeliveryEstimate> {
  const key = `${pin}:${productId}`;
  let answer = estimates.get(key);
  if (!answer) {
    answer = api.call(shippingEstimate, { query: { pincode: pin, productId } });
    answer.catch(() => estimates.delete(key));
    estimates.set(key, answer);
  }
  return answer;
}

const answers = new Map<string, Promise<PincodeAnswer>>();

export function lookupPincode(pin: string): Promise<PincodeAnswer> {
  let answer = answers.get(pin);
  if (!answer) {
    answer = api.call(getPincode, { params: { pin } });
    // A failure (offline, too many checks) is not kept: the next check asks again.
    answer.catch(() => answers.delete(pin));
    answers.set(pin, answer);
  }
  return answer;
}

/** `2026-11-24` as "Tue, 24 Nov", "मंगल, 24 नवंबर" (the words are ours: browsers' locale data differ). */
export { formatDeliveryDay, formatDeliveryDayIn } from '../../../shared/delivery-day';

/**
 * shared/india.ts's PINCODE_PATTERN, repeated: importing that module would bring its table of states
 * into the product page's first load (docs/decisions/006-first-load-budget.md).
 */
export const PIN = /^[1-9][0-9]{5}$/;

export const notDelivered = (t: Translate, pin: string) => t('delivery.answer.notDelivered', { pin });

const KEY = 'deliveryPincode';

/** The form's id, the fragment its submission without JavaScript returns to (pincode-check-form.tsx). */
export const DELIVERY_CHECK_ID = 'deliver-to';

/**
 * A pincode checked before the page could run its code: the form was then sent the browser's way,
 * as `?pincode=` (back at the form, `#deliver-to`). Taken off the address, so a reload or a shared
 * link does not check it again.
 */
function pincodeSentWithPage(): string | null {
  const sent = new URLSearchParams(location.search).get('pincode');
  if (sent !== null) history.replaceState(null, '', location.pathname);
  return sent;
}

/** The pincode just sent, else the one last checked, else the one of the address being typed at checkout. */
export function rememberedPincode(): string {
  try {
    const sent = pincodeSentWithPage();
    if (sent) return sent;
    const saved = localStorage.getItem(KEY);
    if (saved) return saved;
    // The checkout's saved address (address-storage.ts, key 'address'), read without its module.
    const address = JSON.parse(localStorage.getItem('address') ?? '{}') as { pincode?: unknown };
    return typeof address.pincode === 'string' ? address.pincode : '';
  } catch {
    return '';
  }
}

export function rememberPincode(pin: string) {
  try {
    localStorage.setItem(KEY, pin);
  } catch {
    // Storage blocked: the next page asks again.
  }
}
