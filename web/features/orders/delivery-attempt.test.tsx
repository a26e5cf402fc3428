import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
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

const render = (failed: Partial<ApiFailedDelivery> = {}) =>
  renderToString(
    <DeliveryAttempt orderId="o1" parcels={[parcel(failed)]} address={address} onAnswered={() => {}} />,
  );

describe('the failed delivery panel', () => {
  it('says what happened and until when, and offers the days as radio buttons, the first chosen', () => {
    const html = render().replace(/<!-- -->/g, '');
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

  it('shows the answer once given, and says so when the time to answer has passed', () => {
    const answered = render({
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
    const late = render({ awaitingAnswer: false });
    expect(late).toContain('The time to answer has passed');
    expect(late).not.toContain('<form');
  });

  it('words a return and the shop’s answer', () => {
    const base = { by: 'staff' as const, phoneChanged: false, addressChanged: false, at: '' };
    expect(answerWords({ ...parcel().failedDelivery, answer: { ...base, kind: 'return', day: null } })).toBe(
      'We have asked the courier to bring the parcel back to us.',
    );
    expect(
      answerWords({ ...parcel().failedDelivery, answer: { ...base, kind: 'reattempt', day: '2026-12-02' } }),
    ).toBe('We asked the courier to deliver again on Wed, 2 Dec.');
  });
});
