import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy-notice';
import { grievanceSection, SHOP } from './shop-details';
import type { Policy } from './types';

export const privacyPolicy: Policy = {
  title: 'Privacy policy',
  // Sign-up and every consent record keep this version (shared/privacy-notice.ts).
  updated: PRIVACY_NOTICE_VERSION,
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
            'Your choices: that you read this notice when you signed up, and whether you want offers by e-mail, with the date and the version of this notice.',
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
        'We ask for consent by a clear action of yours, never with a pre-ticked box. Offers by e-mail need their own consent: the box at sign-up or “Offers by e-mail” on your profile page. You can withdraw it as easily as you gave it: untick it on your profile page, or use the link at the foot of any offer e-mail, which works in one click without signing in. Withdrawing does not affect what was done before, and e-mails about your orders and account still reach you.',
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
        'Account data is kept while your account is open. When you delete your account, your name, e-mail address, mobile number, sign-ins, cart, wishlist and the addresses of orders without a tax invoice are erased at once, and your reviews are shown as “Former customer”. Orders with a tax invoice keep what the invoice shows (your name, delivery address and what you bought) for 8 years after the end of the financial year of the invoice, as Indian tax and company law requires; then the name and address are erased too. Security logs are kept for one year, as the Digital Personal Data Protection Rules require. Copies of the e-mails we send you (order confirmations, password resets and the like) are kept for 7 days after they are sent, so a message that failed can be sent again. Everything else is deleted once its purpose is served.',
        'The shop may also delete accounts that have not been used for a long time; if it does, we e-mail you 48 hours before, and signing in keeps your account.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          list: [
            'Get a copy of the personal data we hold about you: “Download my data” on your profile page gives all of it at once, in a file a computer can read, and your orders as a spreadsheet.',
            'Correct or update it: your name, e-mail and mobile number on your profile page at any time, your reviews by writing them again, and the delivery address of an order until we pack it (unless its tax invoice is already issued, as for an order paid online: the law fixes what an issued invoice says).',
            'Have it erased: “Delete my account” on your profile page erases it at once (you enter your password again, and we confirm by e-mail). While an order is on its way or a return or refund is open, you can delete your account once it is complete.',
            'Nominate a person to exercise these rights if you die or become unable to.',
            'Complain to us, and then to the Data Protection Board of India if you are not satisfied.',
          ],
        },
        `To use any of these rights, or to complain about how we handle your data, use the form on our “Complaints and data requests” page (/grievances, linked at the foot of every page), or write to ${SHOP.email} or our Grievance Officer. You get a ticket number at once and an acknowledgement by e-mail within 48 hours; we answer within 30 days (the Digital Personal Data Protection Rules, 2025 allow up to 90). We may ask you to confirm who you are before we act.`,
        { link: { label: 'Make a data request', href: '/grievances' } },
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
