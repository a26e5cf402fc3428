import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './orders.emails.js';

const base = {
  to: 'asha@example.in',
  firstname: 'Asha',
  orderNumber: 'BB261123ABCDEF',
  lines: [{ title: 'T-shirt', colorName: 'Navy Blue', quantity: 1, pricePaise: 69_900 }],
  totalPaise: 49_800,
  shipping: {
    firstName: 'Asha',
    lastName: 'Verma',
    address: '12, 4th Cross',
    landmark: 'Near the metro',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560038',
  },
  ordersUrl: 'https://shop.example.in/my-orders',
  locale: 'en' as const,
};

describe('order confirmation e-mail', () => {
  it('shows the breakup the checkout showed: MRP, discount, coupon, delivery, total, GST', () => {
    const mail = orderConfirmationEmail({
      ...base,
      breakup: {
        itemsMrpPaise: 99_900,
        productDiscountPaise: 30_000,
        coupon: { code: 'SAVE250', discountPaise: 25_000 },
        deliveryPaise: 4_900,
        codFeePaise: 0,
        totalPaise: 49_800,
        taxPaise: 2_372,
      },
    });
    expect(mail.text).toContain(
      [
        'Items at MRP: ₹999.00',
        'Discount: −₹300.00',
        'Coupon SAVE250: −₹250.00',
        'Delivery: ₹49.00',
        'Total paid: ₹498.00',
        'Inclusive of GST: ₹23.72',
      ].join('\n'),
    );
    expect(mail.html).toContain('Coupon SAVE250</td><td align="right">−₹250.00</td>');
    expect(mail.html).toContain('<strong>₹498.00</strong>');
  });

  it('free delivery, no coupon, no discount: only what applies', () => {
    const mail = orderConfirmationEmail({
      ...base,
      totalPaise: 69_900,
      breakup: {
        itemsMrpPaise: 69_900,
        productDiscountPaise: 0,
        coupon: null,
        deliveryPaise: 0,
        codFeePaise: 0,
        totalPaise: 69_900,
        taxPaise: 3_329,
      },
    });
    expect(mail.text).toContain('Items at MRP: ₹699.00\nDelivery: Free\nTotal paid: ₹699.00');
    expect(mail.text).not.toContain('Coupon');
    expect(mail.text).not.toContain('Discount');
  });

  it('without a breakup (an older caller) claims nothing about delivery', () => {
    const mail = orderConfirmationEmail(base);
    expect(mail.text).toContain('Total paid: ₹498.00');
    expect(mail.text).not.toContain('Delivery');
  });
});
