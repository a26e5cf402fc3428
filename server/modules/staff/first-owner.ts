import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { isLoopbackUrl } from '../../config.js';
import type { Database } from '../../db/client.js';
import { countStaff } from './staff.repository.js';
import type { StaffService } from './staff.service.js';

export const DEMO_OWNER_EMAIL = 'owner@demo.bharatbazaar.in';

/**
 * The shop's first owner. From ADMIN_EMAIL and ADMIN_PASSWORD when set (created once; an existing
 * account is never changed). Otherwise, for the quick-start demo on this machine only, a demo owner
 * with a random password, printed once and kept in DATA_DIR/demo-owner.txt: no default password
 * exists anywhere, and a shop on a public address gets no demo owner at all.
 */
export async function ensureFirstOwner(deps: {
  config: Config;
  db: Database;
  staff: StaffService;
  demo: boolean;
  log: (line: string) => void;
}): Promise<void> {
  const { config, staff, log } = deps;
  if (config.firstOwner) {
    const result = await staff.createIfAbsent({ ...config.firstOwner, role: 'owner' });
    if (result === 'created') log(`Created the first owner ${config.firstOwner.email} (ADMIN_EMAIL).`);
    return;
  }
  if (!deps.demo || !isLoopbackUrl(config.publicUrl) || (await countStaff(deps.db)) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await staff.createIfAbsent({
    email: DEMO_OWNER_EMAIL,
    password,
    role: 'owner',
    firstname: 'Demo',
    lastname: 'Owner',
  });
  const file = path.join(config.dataDir, 'demo-owner.txt');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${DEMO_OWNER_EMAIL}\n${password}\n`, { mode: 0o600 });
  log(
    `Merchant console: ${config.publicUrl}/admin/login as ${DEMO_OWNER_EMAIL} with password ${password} (also in ${file}). Set ADMIN_EMAIL and ADMIN_PASSWORD for a real shop.`,
  );
}
