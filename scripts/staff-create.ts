import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { loadConfig } from '../server/config.js';
import { createSignInThrottle } from '../server/modules/accounts/sign-in-throttle.js';
import { createStaffService } from '../server/modules/staff/staff.service.js';
import { staffPasswordField } from '../shared/api/staff.schemas.js';
import { emailField } from '../shared/schemas/fields.js';
import { staffRoles } from '../shared/staff-roles.js';
import { openShopDatabase } from './cli.js';

/**
 * `npm run staff:create -- --email E --password P --role R [--firstname F --lastname L]`: an
 * operator's way to add a staff member (e.g. a second owner). Never changes an existing account.
 */
const usage =
  'Usage: npm run staff:create -- --email E --password P --role owner|catalogue|orders|support [--firstname F] [--lastname L]';
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
  },
});
const email = z.safeParse(emailField, values.email ?? '');
const password = z.safeParse(staffPasswordField, values.password ?? '');
const role = staffRoles.find((name) => name === values.role);
const problem = !email.success
  ? `--email: ${email.error.issues[0]?.message}`
  : !password.success
    ? `--password: ${password.error.issues[0]?.message}`
    : !role
      ? `--role must be one of ${staffRoles.join(', ')}`
      : undefined;
if (problem || !email.success || !password.success || !role) {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openShopDatabase(config);
try {
  await database.migrate();
  const staff = createStaffService({
    db: database.db,
    publicUrl: config.publicUrl,
    signInThrottle: createSignInThrottle({ db: database.db }),
  });
  const result = await staff.createIfAbsent({
    email: email.data,
    password: password.data,
    role,
    firstname: values.firstname,
    lastname: values.lastname,
  });
  console.log(
    result === 'created'
      ? `Created ${email.data} (${role}). Sign in at ${config.publicUrl}/admin/login.`
      : `${email.data} is already a staff member; nothing was changed.`,
  );
  process.exitCode = result === 'created' ? 0 : 1;
} finally {
  await database.close();
}
