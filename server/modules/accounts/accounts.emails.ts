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

const alertTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * To an account's owner when sign-ins to it keep failing (once per lock-out window): what happened,
 * that their own sign-in still works, and what to do if it was not them.
 */
export function signInAttemptsEmail(input: {
  to: string;
  firstname: string;
  failures: number;
  at: Date;
  resetLink: string;
  staff?: boolean;
}): Mail {
  const where = input.staff ? `the ${SHOP_NAME} console` : `your ${SHOP_NAME} account`;
  return {
    ...layoutEmail({
      subject: `Someone tried to sign in to ${where}`,
      greeting: input.firstname.trim() ? `Hello ${input.firstname.trim()},` : 'Hello,',
      paragraphs: [
        `Someone tried to sign in to ${where} with a wrong password ${input.failures} times in the last few minutes (by ${alertTime.format(input.at)}). We have slowed down sign-ins from the places those tries came from.`,
        'You can still sign in as usual with your password: your own sign-ins are not blocked.',
        'If it was not you, choose a new, stronger password with the link below, and never reuse it on another site.',
      ],
      action: { label: 'Choose a new password', url: input.resetLink },
    }),
    to: input.to,
  };
}
