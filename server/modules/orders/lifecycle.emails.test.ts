import { describe, expect, it } from 'vitest';
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderShippedEmail,
  refundIssuedEmail,
  returnApprovedEmail,
  returnRejectedEmail,
} from './lifecycle.emails.js';

const base = {
  to: 'asha@example.in',
  firstname: 'Asha',
  orderNumber: 'BB-2024-000123',
  orderUrl: 'https://shop.test/my-orders/1',
  locale: 'en' as const,
};

describe('order lifecycle e-mails', () => {
  it('name the order in every subject and link to the order page', () => {
    const mails = [
      orderShippedEmail({ ...base, carrier: 'Delhivery', awb: 'AWB1', trackingUrl: null }),
      orderDeliveredEmail({ ...base, returnUntil: null }),
      orderCancelledEmail({ ...base, reason: 'Ordered twice', byCustomer: true, refundPaise: 100 }),
      returnApprovedEmail({ ...base, lines: [{ title: 'Kurta', quantity: 1 }], note: null }),
      returnRejectedEmail({ ...base, reason: 'Worn' }),
      refundIssuedEmail({ ...base, amountPaise: 100, reference: 'rfnd_1' }),
    ];
    for (const m of mails) {
      expect(m.to).toBe('asha@example.in');
      expect(m.subject).toContain('BB-2024-000123');
      expect(m.text).toContain('https://shop.test/my-orders/1');
      expect(m.html).toContain('href="https://shop.test/my-orders/1"');
    }
  });

  it('shipped: carrier, AWB and the tracking link when there is one', () => {
    const m = orderShippedEmail({
      ...base,
      carrier: 'Blue Dart',
      awb: '69012345678',
      trackingUrl: 'https://track.example/69012345678',
    });
    expect(m.text).toContain('Carrier: Blue Dart. AWB (tracking) number: 69012345678.');
    expect(m.text).toContain('https://track.example/69012345678');
    const without = orderShippedEmail({ ...base, carrier: 'Blue Dart', awb: '6901', trackingUrl: null });
    expect(without.text).toContain("on Blue Dart's website");
  });

  it('delivered: the last day to return, as an India date', () => {
    // 18:45 UTC on 9 March is already 10 March in India.
    const m = orderDeliveredEmail({ ...base, returnUntil: new Date('2025-03-09T18:45:00Z') });
    expect(m.text).toContain('until 10 March 2025');
  });

  it('amounts in en-IN rupees and when refunded money arrives', () => {
    const cancelled = orderCancelledEmail({
      ...base,
      reason: 'Changed my mind',
      byCustomer: true,
      refundPaise: 12345678,
    });
    expect(cancelled.text).toContain('₹1,23,456.78');
    expect(cancelled.text).toContain('original payment method');
    expect(cancelled.text).toContain('As you asked');
    expect(
      orderCancelledEmail({ ...base, reason: 'Out of stock', byCustomer: false, refundPaise: 100 }).text,
    ).toContain('we had to cancel');
    const refund = refundIssuedEmail({ ...base, amountPaise: 149900, reference: 'rfnd_Abc123' });
    expect(refund.subject).toBe('Refund of ₹1,499.00 issued for order BB-2024-000123');
    expect(refund.text).toContain('Refund reference: rfnd_Abc123.');
    expect(refund.text).toContain('5–7 working days');
    expect(refund.text).toContain('UPI');
  });

  it('return approved lists the lines; rejected gives the reason', () => {
    const approved = returnApprovedEmail({
      ...base,
      lines: [
        { title: 'Cotton kurta', quantity: 2 },
        { title: 'Dupatta', quantity: 1 },
      ],
      note: 'Courier calls on Monday',
    });
    expect(approved.text).toContain('Cotton kurta × 2; Dupatta × 1');
    expect(approved.text).toContain('Courier calls on Monday');
    expect(approved.text).toContain('Once we receive the items');
    expect(returnRejectedEmail({ ...base, reason: 'Tags removed' }).text).toContain('Reason: Tags removed');
  });

  it('escapes what staff and customers typed in the HTML part', () => {
    const m = orderCancelledEmail({
      ...base,
      firstname: '<b>Asha</b>',
      reason: '<script>alert(1)</script> & "more"',
      byCustomer: true,
      refundPaise: 100,
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('<b>Asha</b>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    const shipped = orderShippedEmail({
      ...base,
      carrier: 'X',
      awb: '1',
      trackingUrl: 'https://t.example/?a=1&b="><img src=x>',
    });
    expect(shipped.html).not.toContain('<img');
  });
});
