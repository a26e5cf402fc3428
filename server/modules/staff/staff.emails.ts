import { type StaffRole, staffRoleDescriptions, staffRoleLabels } from '../../../shared/staff-roles.js';
import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

export function staffInviteEmail(input: {
  to: string;
  invitedBy: string;
  role: StaffRole;
  link: string;
  validHours: number;
}): Mail {
  return {
    ...layoutEmail({
      subject: `You are invited to run ${SHOP_NAME}`,
      greeting: 'Hello,',
      paragraphs: [
        `${input.invitedBy} invited you to join the staff of ${SHOP_NAME} as ${staffRoleLabels[input.role]}: ${staffRoleDescriptions[input.role]}`,
        `Choose your name and password with the link below. It works once and expires in ${input.validHours} hours. If you did not expect this, ignore this e-mail.`,
      ],
      action: { label: 'Accept the invitation', url: input.link },
    }),
    to: input.to,
  };
}

export function staffAccessRevokedEmail(to: string, firstname: string): Mail {
  return {
    ...layoutEmail({
      subject: `Your ${SHOP_NAME} staff access was removed`,
      greeting: `Hello ${firstname},`,
      paragraphs: [
        `An owner removed your access to the ${SHOP_NAME} console, and every session you had open has ended. If you think this is a mistake, ask the shop's owner.`,
      ],
    }),
    to,
  };
}
