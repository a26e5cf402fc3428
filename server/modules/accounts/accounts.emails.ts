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

/** To the address an account had before a change, with the way to undo it. */
export function emailChangedEmail(input: {
  to: string;
  firstname: string;
  newEmail: string;
  restoreLink: string;
  validDays: number;
}): Mail {
  return {
    ...layoutEmail({
      subject: `Your ${SHOP_NAME} e-mail address was changed`,
      greeting: `Hello ${input.firstname},`,
      paragraphs: [
        `The e-mail address of your ${SHOP_NAME} account was changed from ${input.to} to ${input.newEmail}. If you made this change, there is nothing to do.`,
        `If you did not, restore your old address with the link below. It also signs out every device and sends a link to set a new password to this address. The link works once and expires in ${input.validDays} days.`,
      ],
      action: { label: 'Restore my e-mail address', url: input.restoreLink },
    }),
    to: input.to,
  };
}
