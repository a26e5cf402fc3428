import { grievanceSection, SHOP } from './shop-details';
import type { Policy } from './types';

export const refundPolicy: Policy = {
  title: 'Refund policy',
  updated: '2026-11-01',
  summary:
    'Free returns within 10 days of delivery on most products, and your money back within 7 business days of our receiving the return.',
  sections: [
    {
      heading: 'Returns',
      blocks: [
        'You can return a product within 10 days of delivery if it arrived damaged or defective, is not what you ordered, or you simply changed your mind. Return pick-up is free.',
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
            `Write to ${SHOP.email} or call ${SHOP.phone} with your order number and the reason. A photo helps for damaged items.`,
            'We confirm the return and book a free pick-up within 2 business days.',
            'Our partner collects the parcel; we check it within 2 business days of receiving it.',
          ],
        },
      ],
    },
    {
      heading: 'Refunds',
      blocks: [
        'Once the return passes its check, we refund the full amount, shipping included, to the original payment method within 7 business days. Your bank may take a few more days to show it.',
        'Cancelled before shipping: refunded within 7 business days of the cancellation. If we cancel an order, you get a full refund the same way.',
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
