import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** To the address the account had: it was erased, what was kept and why. */
export function accountErasedEmail(input: {
  to: string;
  firstname: string;
  keptInvoicedOrders: number;
  inactive?: { months: number };
  /** Erased by staff, answering a request the customer made to the shop. */
  byRequest?: boolean;
}): Mail {
  return {
    ...layoutEmail({
      subject: `Your ${SHOP_NAME} account has been deleted`,
      greeting: `Hello ${input.firstname},`,
      paragraphs: [
        input.inactive
          ? `Your ${SHOP_NAME} account had not been used for over ${input.inactive.months} months, so, as we told you 48 hours ago, we have deleted it.`
          : input.byRequest
            ? `As you asked us, we have erased your personal data and deleted your ${SHOP_NAME} account.`
            : `As you asked, we have deleted your ${SHOP_NAME} account.`,
        'Your name, e-mail address, mobile number, sign-ins, cart, wishlist and saved choices are erased. Your reviews stay on the shop under “Former customer”.',
        input.keptInvoicedOrders > 0
          ? `Indian tax law requires us to keep the tax invoices of your ${input.keptInvoicedOrders === 1 ? 'order' : `${input.keptInvoicedOrders} orders`} (the name and address printed on them and what was bought) for 8 years after the end of the financial year of each invoice. We keep nothing else, use them for nothing else, and erase them when that time ends.`
          : 'We kept no orders with your details: none had a tax invoice.',
        'You are welcome back at any time: you can open a new account with the same e-mail address and mobile number. If you did not ask for this, please reply to this e-mail.',
      ],
    }),
    to: input.to,
  };
}

/** 48 hours before an inactive account is erased (DPDP Rules 2025, Third Schedule). */
export function inactivityWarningEmail(input: {
  to: string;
  firstname: string;
  months: number;
  erasesAt: Date;
  signInUrl: string;
}): Mail {
  return {
    ...layoutEmail({
      subject: `Your ${SHOP_NAME} account will be deleted in 48 hours`,
      greeting: `Hello ${input.firstname},`,
      paragraphs: [
        `You have not used your ${SHOP_NAME} account for over ${input.months} months. To protect your data we delete accounts that are not used, and we will delete yours after ${indiaDate.format(input.erasesAt)} (India time).`,
        'To keep your account, just sign in before then. If you are happy for it to go, there is nothing to do.',
      ],
      action: { label: 'Sign in to keep my account', url: input.signInUrl },
    }),
    to: input.to,
  };
}
