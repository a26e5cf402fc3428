import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readCatalogues } from '../../../scripts/i18n-check';
import { loadInteractiveMessages } from '../../i18n/catalogues';
import { errorKey } from '../../i18n/errors';
import { createI18n } from '../../i18n/i18n';
import { loadApiMessages, sayIn } from './api-messages';
import { BUYING_MESSAGES, TIMELINE_MESSAGES } from './buying-messages';
import { messageKey } from './message-patterns';

beforeAll(() => loadApiMessages());

/** The server's message as a page in this language says it, once it is interactive. */
async function sayer(locale: 'en' | 'hi') {
  // The order page's timeline words too (it fetches them once interactive).
  const i18n = createI18n(locale, await loadInteractiveMessages(locale, ['order-timeline']));
  return (message: string) => sayIn(i18n, message);
}

describe('the messages a buyer meets, in the page’s language', () => {
  it('each is in both errors catalogues, the English exactly as listed', () => {
    const { en, hi } = readCatalogues();
    for (const template of BUYING_MESSAGES) {
      expect(en?.errors?.[errorKey(template)], template).toBe(template);
      expect(hi?.errors?.[errorKey(template)], template).toMatch(/\p{Script=Devanagari}/u);
    }
    for (const template of TIMELINE_MESSAGES) {
      expect(en?.['order-timeline']?.[messageKey('order-timeline', template)], template).toBe(template);
      expect(hi?.['order-timeline']?.[messageKey('order-timeline', template)], template).toMatch(
        /\p{Script=Devanagari}/u,
      );
    }
  });

  it('says the server’s message in Hindi, its names and amounts put back where they belong', async () => {
    const say = await sayer('hi');
    expect(say('There is no coupon called SAVE5. Please check the code.')).toBe(
      'SAVE5 नाम का कोई कूपन नहीं है। कृपया कोड जाँच लें।',
    );
    expect(say('We do not deliver to 744301 yet.')).toBe('हम अभी 744301 पर डिलीवरी नहीं करते।');
    expect(say('Sorry, this product is out of stock.')).toBe('माफ़ कीजिए, यह उत्पाद स्टॉक में नहीं है।');
    expect(say('Only 1 of JBL Flip 6 left. Please update your cart.')).toBe(
      'JBL Flip 6 के सिर्फ़ 1 बचे हैं। कृपया अपना कार्ट अपडेट करें।',
    );
    expect(say('Please keep this under 60 characters')).toBe('कृपया इसे 60 अक्षरों से कम रखें');
  });

  it('takes the message with more fixed words first: an amount is never a whole sentence', async () => {
    const say = await sayer('hi');
    expect(say('Cash on delivery is available for orders up to ₹50,000.00. Please pay online.')).toBe(
      'कैश ऑन डिलीवरी ₹50,000.00 तक के ऑर्डर पर ही उपलब्ध है। कृपया ऑनलाइन भुगतान करें।',
    );
    expect(say('Cash on delivery is available for orders up to ₹50,000.00.')).toBe(
      'कैश ऑन डिलीवरी ₹50,000.00 तक के ऑर्डर पर ही उपलब्ध है।',
    );
  });

  it('says an order’s timeline in Hindi, with the courier, AWB, amount and the day in Hindi words', async () => {
    const say = await sayer('hi');
    expect(say('Order placed and paid')).toBe('ऑर्डर हुआ और भुगतान हो गया');
    expect(say('Shipped with Delhivery (AWB 1234567890)')).toBe('Delhivery से भेजा गया (AWB 1234567890)');
    expect(say('₹1,299.00 paid back by UPI (ref. UPI4107XYZ)')).toBe(
      '₹1,299.00 UPI से वापस भेजे गए (रेफ़. UPI4107XYZ)',
    );
    expect(say('You asked for delivery again on Wed, 2 Dec, with a new phone number')).toBe(
      'आपने नए फ़ोन नंबर के साथ बुध, 2 दिसंबर को दोबारा डिलीवरी के लिए कहा',
    );
  });

  it('leaves English pages, and messages it does not know, as they are', async () => {
    const en = await sayer('en');
    expect(en('We do not deliver to 744301 yet.')).toBe('We do not deliver to 744301 yet.');
    const hi = await sayer('hi');
    expect(hi('The courier is on strike.')).toBe('The courier is on strike.');
    expect(hi('Staff note')).toBe('Staff note');
  });

  it('leaves a message English, without a word in the console, while the page waits for its translations', () => {
    // A Hindi page before it is interactive: its `errors` area is not in yet.
    const i18n = createI18n('hi', {});
    const errors = vi.spyOn(console, 'error');
    expect(sayIn(i18n, 'We do not deliver to 744301 yet.')).toBe('We do not deliver to 744301 yet.');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
