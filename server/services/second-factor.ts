/**
 * TOTP second factor (decision 029): RFC 6238 with what every authenticator app reads (SHA-1,
 * 6 digits, 30 seconds), one step of clock drift either way, and each step's code accepted once.
 * Recovery codes are random (50 bits each), so a SHA-256 digest is enough to store them: unlike a
 * password, nobody can guess them from a list.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@contract/account';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'Payments back office';

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends) and its otpauth:// URI for the QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The 30-second step the code belongs to (now, or one step either side), or null when it is wrong. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of a moment (tests, and the e2e spec computes its own). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes as shown (`abcde-fghij`): 10 base32 characters each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code, as typed (case and the dash do not matter). */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z2-7]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
