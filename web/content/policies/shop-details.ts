import { SHOP_EMAIL, SHOP_PHONE } from '../../components/layout/nav-links';

/**
 * The seller's details that the Consumer Protection (E-Commerce) Rules, 2020 ask a shop to show,
 * in one place for every policy page. Same address, phone and e-mail as the footer.
 */
export const SHOP = {
  legalName: 'Bharat Bazaar Retail Pvt. Ltd.',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103, India',
  phone: SHOP_PHONE,
  email: SHOP_EMAIL,
  hours: 'Monday to Friday, 10 AM to 8 PM',
  grievanceOfficer: {
    name: 'Kavya Rao',
    designation: 'Grievance Officer',
    email: 'grievance@bharatbazaar.in',
    phone: SHOP_PHONE,
  },
} as const;

export const sellerDetails = [
  ['Seller', SHOP.legalName],
  ['Registered office', SHOP.address],
  ['Customer care', `${SHOP.phone} (${SHOP.hours})`],
  ['E-mail', SHOP.email],
] as const;

export const grievanceDetails = [
  ['Name', SHOP.grievanceOfficer.name],
  ['Designation', SHOP.grievanceOfficer.designation],
  ['E-mail', SHOP.grievanceOfficer.email],
  ['Phone', `${SHOP.grievanceOfficer.phone} (${SHOP.hours})`],
  ['Address', SHOP.address],
] as const;

export const grievanceSection = {
  heading: 'Grievance officer',
  blocks: [
    'If we have not resolved a problem to your satisfaction, write to our Grievance Officer, appointed under the Consumer Protection (E-Commerce) Rules, 2020:',
    { details: grievanceDetails },
    'We acknowledge every complaint within 48 hours with a ticket number you can use to follow it up, and resolve it within one month of receiving it.',
    'The quickest way is the complaints form on our website (/grievances): it gives you the ticket number at once and e-mails you an acknowledgement with the date by which we will resolve it.',
    { link: { label: 'File a complaint or a data request', href: '/grievances' } },
  ],
} as const;
