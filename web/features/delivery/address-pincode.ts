import type { Locale, Translate } from '../../i18n/i18n';
import { formatDeliveryDayIn, lookupPincode, notDelivered, rememberPincode } from './pincode-lookup';

/**
 * The checkout address form's pincode check, loaded when a complete pincode is first typed (not
 * with the checkout page, which is close to the first-load budget): what to fill in, what to say
 * about delivery, the problem that stops the form, and whether couriers take cash there (the
 * checkout's cash-on-delivery choice). Null when the lookup failed (offline, too many checks): the
 * server checks the address again when payment starts. The words are the page's (`t` with the
 * `delivery` area, which the checkout's route loads).
 */
export async function checkAddressPincode(
  pin: string,
  typed: { city: string; state: string },
  /** What an earlier answer filled in: replaced freely, unlike what the shopper typed. */
  filled: { city?: string | undefined; state?: string | undefined },
  words: { t: Translate; locale: Locale },
): Promise<{
  problem?: string;
  note: string;
  city?: string;
  state?: string;
  cod: boolean;
  serviceable: boolean;
} | null> {
  let answer: Awaited<ReturnType<typeof lookupPincode>>;
  try {
    answer = await lookupPincode(pin);
  } catch {
    return null;
  }
  rememberPincode(pin);
  const { t, locale } = words;
  if (!answer.serviceable) return { problem: notDelivered(t, pin), note: '', cod: false, serviceable: false };
  const fill: { city?: string; state?: string } = {};
  let problem: string | undefined;
  if (answer.state) {
    if (!typed.state || typed.state === filled.state) fill.state = answer.state;
    else if (typed.state !== answer.state)
      problem = t('delivery.address.otherState', { pin, state: answer.state, typed: typed.state });
  }
  if (answer.city && (!typed.city.trim() || typed.city === filled.city)) fill.city = answer.city;
  const place = [answer.city, answer.state].filter(Boolean).join(', ');
  const day = answer.deliveryBy ? formatDeliveryDayIn(locale, answer.deliveryBy) : '';
  const note =
    day && !problem
      ? place
        ? t('delivery.address.noteAt', { place, day })
        : t('delivery.address.note', { day })
      : '';
  const base = { note, cod: answer.cod, serviceable: true, ...fill };
  return problem ? { problem, ...base } : base;
}
