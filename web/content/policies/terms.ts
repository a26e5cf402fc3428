import { grievanceSection, SHOP, sellerDetails } from './shop-details';
import type { Policy } from './types';

export const termsPolicy: Policy = {
  title: 'Terms & conditions',
  updated: '2026-11-26',
  summary: `These terms apply when you browse or buy at Bharat Bazaar, an online shop run by ${SHOP.legalName}. By placing an order you agree to them, so please read them once.`,
  sections: [
    { heading: 'Who we are', blocks: [{ details: sellerDetails }] },
    {
      heading: 'Your account',
      blocks: [
        'You need an account to keep a cart, a wishlist and to order. Keep your password to yourself; you are responsible for what is done with your account. Tell us at once if you think someone else has used it.',
        'You must be at least 18 years old to buy, or shop under the supervision of a parent or guardian.',
      ],
    },
    {
      heading: 'Prices and payment',
      blocks: [
        'All prices are in Indian rupees and include GST. Shipping is free. The total you see at checkout, with its breakup, is the amount you pay: there are no hidden charges.',
        'We accept UPI, credit and debit cards, net banking and no-cost EMI on eligible cards, through our payment partner. We never see or store your full card number.',
        'If a price is clearly wrong because of a technical error, we will tell you before shipping and you may cancel for a full refund.',
      ],
    },
    {
      heading: 'Orders and cancellation',
      blocks: [
        'An order is confirmed when payment succeeds and we send the confirmation. You can cancel free of charge until the order is shipped: write to us with the order number.',
        'We may cancel an order if the product is out of stock or cannot be delivered to your PIN code; you then get a full refund. We never charge a cancellation fee.',
      ],
    },
    {
      heading: 'Delivery, returns and warranty',
      blocks: [
        'Delivery, returns and refunds work as our Shipping policy and Refund policy describe. Products carry the manufacturer’s warranty stated on the product page; the country of origin is shown there too.',
      ],
    },
    {
      heading: 'Reviews and content',
      blocks: [
        'Reviews must be honest and about the product. We remove reviews that are abusive, contain personal data or advertise something else. Text, images and logos on this site belong to us or to the brands, and may not be copied for commercial use.',
      ],
    },
    {
      heading: 'Liability and law',
      blocks: [
        'Nothing in these terms limits your rights under the Consumer Protection Act, 2019. These terms are governed by the laws of India; the courts of Bengaluru have jurisdiction, without taking away your right to approach a consumer commission where you live.',
        'Complaints and requests about your personal data: use the form on our “Complaints and data requests” page (/grievances). Each gets a ticket number at once and an acknowledgement e-mail within 48 hours; we resolve complaints within one month and answer data requests within 30 days. If you are not satisfied, you may go to the National Consumer Helpline (1915), a consumer commission, or for your data the Data Protection Board of India.',
      ],
    },
    grievanceSection,
  ],
};
