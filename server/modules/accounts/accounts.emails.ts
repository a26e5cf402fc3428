import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

export function passwordResetEmail(to: string, firstname: string, link: string, validMinutes: number): Mail {
  return {
    ...layoutEmail({
      subject: `Reset your ${SHOP_NAME} password`,
      greeting: `Hello ${firstname},`,
      paragraphs: [
        'We received a request to reset the password of your account. Choose a new password with the link below.',
        `The link works once and expires in ${validMinutes} minutes. If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
      ],
      action: { label: 'Set a new password', url: link },
    }),
    to,
  };
}
