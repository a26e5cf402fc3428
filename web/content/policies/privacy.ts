import { grievanceSection, SHOP } from './shop-details';
import type { Policy } from './types';

export const privacyPolicy: Policy = {
  title: 'Privacy policy',
  updated: '2026-11-26',
  summary: `This notice explains what personal data ${SHOP.legalName} collects, why, how long we keep it and how you can control it, as the Digital Personal Data Protection Act, 2023 requires.`,
  sections: [
    {
      heading: 'What we collect',
      blocks: [
        {
          list: [
            'Account: your first and last name, e-mail address, mobile number and a password (stored only as a one-way hash).',
            'Orders: delivery address, the products you bought and the payment reference our payment partner gives us. We never receive your card number, CVV or UPI PIN.',
            'Shopping: your cart, wishlist and the reviews you write.',
            'Messages: what you send us through the contact form.',
            'Technical: the IP address and browser details of requests, kept in security logs.',
          ],
        },
      ],
    },
    {
      heading: 'Why we use it',
      blocks: [
        {
          list: [
            'To run your account, deliver your orders, process refunds and answer your messages.',
            'To keep the shop secure, for example limiting repeated login attempts.',
            'To meet legal duties such as tax invoices and accounting records.',
          ],
        },
        'We do not sell your data and we do not send marketing messages unless you have asked for them.',
      ],
    },
    {
      heading: 'Consent',
      blocks: [
        'We ask for consent by a clear action of yours, never with a pre-ticked box. You can withdraw it as easily as you gave it, by writing to us; this does not affect what was done before.',
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        'Only with those who help us serve you, and only what they need: our payment partner, our delivery partners (name, address and mobile number for the parcel) and our hosting and e-mail providers. They may use it only on our instructions. We share data with authorities only when the law requires it.',
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        'Account data is kept while your account is open. Order and invoice records are kept for 8 years, as Indian tax law requires. Security logs are kept for 90 days. Copies of the e-mails we send you (order confirmations, password resets and the like) are kept for 7 days after they are sent, so a message that failed can be sent again. Everything else is deleted once its purpose is served, or when you close your account.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          list: [
            'Get a copy of the personal data we hold about you: “Download my data” on your profile page gives all of it at once, in a file a computer can read, and your orders as a spreadsheet.',
            'Correct or update it (name, e-mail and mobile number on your profile page, at any time).',
            'Have it erased when it is no longer needed, or close your account.',
            'Nominate a person to exercise these rights if you die or become unable to.',
            'Complain to us, and then to the Data Protection Board of India if you are not satisfied.',
          ],
        },
        `To use any of these rights, write to ${SHOP.email}. We answer within 30 days.`,
      ],
    },
    {
      heading: 'Security and storage',
      blocks: [
        'Data travels over encrypted connections, passwords are hashed, sessions expire and are revoked when you log out or reset your password. Your login and delivery address are kept in your browser’s local storage on this device and removed when you log out.',
      ],
    },
    grievanceSection,
  ],
};
