/**
 * One-time passwords for a new person and a reset: 16 characters from an alphabet without the look-
 * alikes (0/O, 1/l/I), about 90 bits, drawn without modulo bias. Read out or pasted once, then replaced.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

export function oneTimePassword(): string {
  let password = '';
  for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
