import type { Locale } from '../../../shared/locales.js';
import type { MessageKind } from '../../db/schema.js';
import { SHOP_NAME } from '../../lib/shop-name.js';
import { messageParamOrder } from './message-params.js';
import { messageCategory } from './messages.js';

/**
 * Each kind's registered templates. SMS: the text registered on DLT, in English and Hindi, its
 * variables written `{#var#}` in `messageParamOrder` order (DLT numbers them by position), under 160
 * characters where the text allows (Hindi is Unicode: 70 a part). WhatsApp: the name of the template
 * approved in WhatsApp Manager, in the languages `en` and `hi`, whose body takes the same variables
 * in the same order. The shop's name is part of each text (TRAI asks that a message names its sender).
 */
const VAR = '{#var#}';
const S = SHOP_NAME;

type Texts = Record<Locale, string>;

const smsTexts: Record<MessageKind, Texts> = {
  'order-placed': {
    en: `${S}: Hi ${VAR}, your order ${VAR} of ${VAR} is placed. Track it: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, आपका ऑर्डर ${VAR} (${VAR}) मिल गया है। यहाँ देखें: ${VAR}`,
  },
  'cod-code': {
    en: `${VAR} is your ${S} code to confirm cash-on-delivery order ${VAR} of ${VAR}. Valid ${VAR} min. Do not share it with anyone.`,
    hi: `${VAR} आपके ${S} कैश-ऑन-डिलीवरी ऑर्डर ${VAR} (${VAR}) की पुष्टि का कोड है। ${VAR} मिनट तक मान्य। इसे किसी से साझा न करें।`,
  },
  'order-shipped': {
    en: `${S}: Hi ${VAR}, order ${VAR} has shipped with ${VAR}, AWB ${VAR}. Track: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, ऑर्डर ${VAR} ${VAR} से भेज दिया गया है, AWB ${VAR}। ट्रैक करें: ${VAR}`,
  },
  'out-for-delivery': {
    en: `${S}: Hi ${VAR}, order ${VAR} is out for delivery today. Cash to pay: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, ऑर्डर ${VAR} आज डिलीवरी के लिए निकल चुका है। नकद भुगतान: ${VAR}`,
  },
  'order-delivered': {
    en: `${S}: Hi ${VAR}, order ${VAR} is delivered. Thank you! Details: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, ऑर्डर ${VAR} डिलीवर हो गया। धन्यवाद! विवरण: ${VAR}`,
  },
  'refund-issued': {
    en: `${S}: Hi ${VAR}, the refund for order ${VAR} of ${VAR} is issued. It reaches your account in 5-7 working days.`,
    hi: `${S}: नमस्ते ${VAR}, ऑर्डर ${VAR} का ${VAR} रिफ़ंड जारी हो गया है। यह 5-7 कार्यदिवस में आपके खाते में पहुँचेगा।`,
  },
  'delivery-failed': {
    en: `${S}: Hi ${VAR}, the courier could not deliver order ${VAR}: ${VAR}. Tell us what to do: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, कूरियर ऑर्डर ${VAR} डिलीवर नहीं कर सका: ${VAR}। आगे क्या करें, यहाँ बताएँ: ${VAR}`,
  },
  'mobile-code': {
    en: `${VAR} is your ${S} code to verify your mobile number. Valid ${VAR} min. Do not share it with anyone.`,
    hi: `${VAR} आपका ${S} मोबाइल नंबर सत्यापन कोड है। ${VAR} मिनट तक मान्य। इसे किसी से साझा न करें।`,
  },
  'back-in-stock': {
    en: `${S}: Hi ${VAR}, ${VAR} is back in stock. Buy it before it sells out: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, ${VAR} फिर से स्टॉक में है। ख़त्म होने से पहले ख़रीदें: ${VAR}`,
  },
  'price-drop': {
    en: `${S}: Hi ${VAR}, ${VAR} on your wishlist is now cheaper: down from ${VAR} to ${VAR}. See it: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, आपकी विशलिस्ट का ${VAR} अब सस्ता है: ${VAR} से घटकर ${VAR}। देखें: ${VAR}`,
  },
  'cart-reminder': {
    en: `${S}: Hi ${VAR}, ${VAR} item(s) wait in your cart. Finish your order: ${VAR}`,
    hi: `${S}: नमस्ते ${VAR}, आपके कार्ट में ${VAR} सामान आपका इंतज़ार कर रहे हैं। ऑर्डर पूरा करें: ${VAR}`,
  },
};

/** WhatsApp's marketing messages end with the way out (a reply STOP withdraws the consent). */
const whatsappStop: Texts = {
  en: 'Reply STOP to stop these offers.',
  hi: 'ये ऑफ़र बंद करने के लिए STOP लिखकर भेजें।',
};

/** A prepaid order's "cash to pay" (the variable may not be empty: WhatsApp refuses empty ones). */
const nothingToPay: Texts = { en: '₹0 (paid online)', hi: '₹0 (ऑनलाइन भुगतान हो चुका)' };

/** The WhatsApp template's name: the kind in snake case, as WhatsApp Manager spells names. */
export function whatsappTemplateName(kind: MessageKind): string {
  return kind.replaceAll('-', '_');
}

/**
 * The built-in DLT template ids of the test provider: made-up, 19 digits like real ones, so the
 * demo sends every kind. A real provider takes them from SMS_DLT_TEMPLATES.
 */
export function builtInDltTemplateId(kind: MessageKind): string {
  const index = Object.keys(smsTexts).indexOf(kind);
  return `11071600000000000${String(index + 10)}`;
}

/** What a message says, made from its kind, language and variables. */
export type RenderedMessage = {
  /** The variables' values in the templates' order. */
  values: string[];
  /** The SMS text as DLT registered it, filled in. */
  smsText: string;
  whatsapp: { name: string; languageCode: Locale; text: string };
};

export function renderMessage(
  kind: MessageKind,
  language: Locale,
  params: Record<string, string>,
): RenderedMessage {
  const values = (messageParamOrder[kind] as readonly string[]).map((name) => {
    const value = (params[name] ?? '').trim();
    if (kind === 'out-for-delivery' && name === 'codAmount' && !value) return nothingToPay[language];
    return value;
  });
  let next = 0;
  const smsText = smsTexts[kind][language].replaceAll(VAR, () => values[next++] ?? '');
  const marketing = messageCategory[kind] === 'marketing';
  return {
    values,
    smsText,
    whatsapp: {
      name: whatsappTemplateName(kind),
      languageCode: language,
      text: marketing ? `${smsText} ${whatsappStop[language]}` : smsText,
    },
  };
}

/** The registered text of a kind, with its `{#var#}` placeholders (tests, and whoever registers them). */
export function registeredSmsText(kind: MessageKind, language: Locale): string {
  return smsTexts[kind][language];
}
