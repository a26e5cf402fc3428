import { grievanceSection, SHOP } from './shop-details';
import type { Policy } from './types';

export const shippingPolicy: Policy = {
  title: 'Shipping policy',
  updated: '2026-11-26',
  summary:
    'Free delivery on orders of ₹500 or more to any serviceable PIN code in India (₹49 below). The product page and checkout show the delivery date for your PIN code.',
  sections: [
    {
      heading: 'Where we deliver',
      blocks: [
        'We ship across India, to every PIN code our delivery partners serve. We do not ship outside India yet.',
      ],
    },
    {
      heading: 'Charges',
      blocks: [
        'Delivery is free on orders of ₹500 or more after any coupon; below that it costs ₹49, shown in the cart and at checkout before you pay. There is no cash-handling or packing charge: the total at checkout is what you pay.',
      ],
    },
    {
      heading: 'When it arrives',
      blocks: [
        'Enter your PIN code on a product page or at checkout to see the delivery date: from 1 day in Bengaluru, where our warehouse is, to about 8 days for the islands. Sundays do not count.',
        'Business days are Monday to Saturday, except national holidays. During festival sales or severe weather, delivery can take longer; we tell you by e-mail if your order is delayed.',
      ],
    },
    {
      heading: 'Tracking and delivery',
      blocks: [
        'You can follow your order on the My orders page. Our partner calls or messages the mobile number on the order before delivery; large items are delivered to the ground floor unless agreed otherwise.',
        'Please check the parcel on delivery. If it looks damaged or opened, refuse it or note it with the delivery person, and tell us within 48 hours.',
      ],
    },
    {
      heading: 'Missed or failed delivery',
      blocks: [
        `Our partner tries to deliver up to three times. If the parcel comes back to us, we refund you in full within 7 business days, or send it again at no cost if you ask. Write to ${SHOP.email} or call ${SHOP.phone}.`,
      ],
    },
    grievanceSection,
  ],
};
