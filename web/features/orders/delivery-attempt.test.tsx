import { describe, expect, it } from 'vitest';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import type { Locale } from '../../../shared/locales';
import { translator } from '../../i18n/i18n';
import { renderInLocale } from '../../i18n/render-in-locale';
import { answerWords, DeliveryAttempt } from './delivery-attempt';

const address = {
  firstName: 'Asha',
  lastName: 'Verma',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
  mobile: '9876543210',
};

function parcel(failed: Partial<ApiFailedDelivery> = {}) {
  return {
    courier: 'TC Surface',
    awb: 'TC1234567890',
    status: 'ndr',
    trackingUrl: null,
    items: [],
    scans: [],
    failedDelivery: {
      attempt: 1,
      reason: 'Customer not available',
      at: '2026-11-28T06:30:00.000Z',
      respondBy: '2026-11-30T06:30:00.000Z',
      awaitingAnswer: true,
      days: ['2026-11-30', '2026-12-01', '2026-12-02'],
      answer: null,
      ...failed,
    },
  } satisfies ApiParcelTracking & { failedDelivery: ApiFailedDelivery };
}

const render = (failed: Partial<ApiFailedDelivery> = {}, locale: Locale = 'en') =>
  renderInLocale(
    <DeliveryAttempt orderId="o1" parcels={[parcel(failed)]} address={address} onAnswered={() => {}} />,
    locale,
    ['order', 'order-actions'],
  );

describe('the failed delivery panel', () => {
  it('says what happened and until when, and offers the days as radio buttons, the first chosen', async () => {
    const html = (await render()).replace(/<!-- -->/g, '');
    expect(html).toContain('TC Surface could not deliver parcel AWB TC1234567890');
    expect(html).toContain('<strong>Customer not available</strong>');
    expect(html).toMatch(
      /Tell us by <time dateTime="2026-11-30T06:30:00.000Z">30 Nov 2026, 12:00 PM<\/time>/,
    );
    expect(html).toMatch(/<legend class="form-label">Deliver again on<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toContain('checked="" value="2026-11-30"/><span>Mon, 30 Nov</span>');
    expect(html).toContain('Leave it empty to keep 9876543210.');
    expect(html).toContain('Deliver on Mon, 30 Nov');
  });

  it('shows the answer once given, and says so when the time to answer has passed', async () => {
    const answered = await render({
      awaitingAnswer: false,
      answer: {
        kind: 'reattempt',
        by: 'customer',
        day: '2026-12-01',
        phoneChanged: true,
        addressChanged: false,
        at: '2026-11-28T08:00:00.000Z',
      },
    });
    expect(answered).not.toContain('type="radio"');
    expect(answered).toContain('You asked to deliver again on Tue, 1 Dec, with a new phone number.');
    const late = await render({ awaitingAnswer: false });
    expect(late).toContain('The time to answer has passed');
    expect(late).not.toContain('<form');
  });

  it('words a return and the shop’s answer', async () => {
    const t = await translator('en', ['order', 'order-actions']);
    const base = { by: 'staff' as const, phoneChanged: false, addressChanged: false, at: '' };
    expect(
      answerWords({ ...parcel().failedDelivery, answer: { ...base, kind: 'return', day: null } }, t, 'en'),
    ).toBe('We have asked the courier to bring the parcel back to us.');
    expect(
      answerWords(
        { ...parcel().failedDelivery, answer: { ...base, kind: 'reattempt', day: '2026-12-02' } },
        t,
        'en',
      ),
    ).toBe('We asked the courier to deliver again on Wed, 2 Dec.');
    const both = { ...base, by: 'customer' as const, phoneChanged: true, addressChanged: true };
    expect(
      answerWords(
        { ...parcel().failedDelivery, answer: { ...both, kind: 'reattempt', day: '2026-12-02' } },
        t,
        'en',
      ),
    ).toBe('You asked to deliver again on Wed, 2 Dec, with a new phone number and the corrected address.');
  });

  it('in Hindi: what happened, the days, the deadline and the answer in Hindi, the courier’s reason as given', async () => {
    const html = (await render({}, 'hi')).replace(/<!-- -->/g, '');
    expect(html).toContain('हम आपका पार्सल डिलीवर नहीं कर पाए');
    expect(html).toContain('TC Surface <time dateTime="2026-11-28T06:30:00.000Z">');
    expect(html).toContain(
      'पार्सल AWB TC1234567890 डिलीवर नहीं कर सका। कूरियर का कारण: <strong>Customer not available</strong>',
    );
    expect(html).toContain('<time dateTime="2026-11-30T06:30:00.000Z">30 नवंबर 2026, 12:00 PM</time> तक बताएँ');
    expect(html).toContain('checked="" value="2026-11-30"/><span>सोम, 30 नवंबर</span>');
    expect(html).toContain('सोम, 30 नवंबर को डिलीवर करें');
    const t = await translator('hi', ['order', 'order-actions']);
    const answer = { by: 'customer' as const, phoneChanged: true, addressChanged: false, at: '' };
    expect(
      answerWords(
        { ...parcel().failedDelivery, answer: { ...answer, kind: 'reattempt', day: '2026-12-01' } },
        t,
        'hi',
      ),
    ).toBe('आपने मंगल, 1 दिसंबर को दोबारा डिलीवरी के लिए कहा, नए फ़ोन नंबर के साथ।');
  });
});
