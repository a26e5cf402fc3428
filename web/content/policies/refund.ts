import { grievanceSection, SHOP } from './shop-details';
import type { Policy } from './types';

export const refundPolicy: Policy = {
  title: 'Refund policy',
  updated: '2026-11-26',
  summary:
    'Free returns within 7 days of delivery on most products, and your money back once we receive the return.',
  sections: [
    {
      heading: 'Returns',
      blocks: [
        'You can return a product within 7 days of delivery if it arrived damaged or defective, is not what you ordered, or you simply changed your mind. Return pick-up is free.',
        'Please return it unused, in its original packaging, with all accessories, manuals and free gifts. For phones, laptops and tablets, remove your accounts and screen locks first.',
        {
          list: [
            'Not returnable unless damaged or defective: innerwear, software and gift cards whose seal or code has been opened, and products marked “Not returnable” on their page.',
            'Large appliances and TVs: raise a request within 48 hours of delivery if they arrive damaged, so the brand’s technician can inspect them.',
          ],
        },
      ],
    },
    {
      heading: 'How to return',
      blocks: [
        {
          steps: [
            `Open the order on the My orders page and choose Return items: pick the items and units and tell us why. Or write to ${SHOP.email} or call ${SHOP.phone} with your order number. A photo helps for damaged items.`,
            'We approve the return by e-mail (or tell you why not) and book a free pick-up within 2 business days.',
            'Our partner collects the parcel; we check it within 2 business days of receiving it.',
          ],
        },
      ],
    },
    {
      heading: 'Refunds',
      blocks: [
        'Once the return arrives, we refund what you paid for the returned items (less their share of any coupon) to the original payment method, and e-mail you the refund reference. Refunds reach you in 5 to 7 working days; UPI is usually quicker.',
        'You can cancel an order from its page until it ships; the full amount is refunded at once to the original payment method. If we cancel an order, you get a full refund the same way.',
        'No-cost EMI: the EMI is cancelled by your bank; any interest already charged is refunded by us.',
      ],
    },
    {
      heading: 'Replacements and warranty',
      blocks: [
        'A defective or damaged product can be replaced instead of refunded, if we have it in stock. After the return window, the manufacturer’s warranty applies; we help you reach the brand’s service centre.',
      ],
    },
    grievanceSection,
  ],
};
