import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { SHOP_NAME } from '../../lib/mailer.js';
import { hashToken } from '../../lib/secrets.js';

/**
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. A code from
 * the step before or after is accepted too, for phones whose clocks drift.
 */
const TOTP_PERIOD_SECONDS = 30;

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: SHOP_NAME,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step (30-second count since 1970) of the code, if it is the current one or one step
 * either side; undefined otherwise. The caller refuses a step at or before the last one accepted
 * (RFC 6238 s. 5.2), so a code overheard or replayed within its window does not sign in again.
 */
export function matchedTotpStep(
  secret: string,
  email: string,
  code: string,
  timestamp = Date.now(),
): number | undefined {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return undefined;
  const delta = totpFor(secret, email).validate({ token: digits, timestamp, window: 1 });
  return delta === null ? undefined : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export function verifyTotp(secret: string, email: string, code: string, timestamp = Date.now()): boolean {
  return matchedTotpStep(secret, email, code, timestamp) !== undefined;
}

/** The current code (tests and the e2e sign in as an app would). */
export function currentTotp(secret: string, email: string, timestamp = Date.now()): string {
  return totpFor(secret, email).generate({ timestamp });
}

export async function totpEnrolment(secret: string, email: string) {
  const otpauthUrl = totpFor(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7pq2-xw9mt`: easy to read aloud, 50 bits each. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Codes are compared by hash, ignoring case, spaces and the dash. */
export function recoveryCodeHash(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
}
