import { endpoint } from './endpoint.js';
import type * as schemas from './notifications.schemas.js';

const tag = 'Messages and updates';

export const myNotifications = endpoint<typeof schemas.myNotifications>({
  method: 'GET',
  path: '/api/user/me/notifications',
  access: 'customer',
  tag,
  summary: 'Where the shop writes to you: e-mail, SMS and WhatsApp',
  description:
    'Each channel with its address or number, whether it is confirmed, and its two switches: order ' +
    'updates and offers. Nothing goes to an unconfirmed mobile number, so its switches read false until ' +
    'it is confirmed. Order e-mails always go; offers by e-mail are set at `/api/user/me/marketing`.',
});

export const setMyNotifications = endpoint<typeof schemas.setMyNotifications>({
  method: 'PUT',
  path: '/api/user/me/notifications',
  access: 'customer',
  tag,
  summary: 'Turn order updates and offers on SMS and WhatsApp on or off',
  description:
    'Offers on a channel are a consent, recorded with the privacy notice version each time they change. ' +
    'Turning a switch on while the mobile number is unconfirmed is a 409: confirm the number first ' +
    '(`/api/user/me/mobile/verify`). Answers the channels as they now stand.',
  errors: [400, 409],
});

export const sendMyMobileCode = endpoint<typeof schemas.sendMyMobileCode>({
  method: 'POST',
  path: '/api/user/me/mobile/verify',
  access: 'customer',
  tag,
  summary: 'Send a 6-digit code to confirm your mobile number',
  description:
    "Valid 10 minutes, through the shop's one-time-code sender (by SMS to the number once an SMS " +
    'provider is set up, by e-mail before); earlier codes stop working. `sentTo` says where, masked. ' +
    '409 when already confirmed. Limited to 3 per 15 minutes per account, shared with ' +
    '`/api/user/verify-mobile/send`.',
  errors: [409, 429],
});

export const confirmMyMobile = endpoint<typeof schemas.confirmMyMobile>({
  method: 'POST',
  path: '/api/user/me/mobile/confirm',
  access: 'customer',
  tag,
  summary: 'Confirm your mobile number with its code',
  description:
    'A wrong code is a 400 on the `code` field; five wrong tries spend the code. Limited to 10 per 15 ' +
    'minutes per account, shared with `/api/user/verify-mobile`.',
  errors: [400, 429],
});
