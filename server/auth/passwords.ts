/**
 * Password checks with argon2id. An unknown user is checked against a dummy hash made with the same
 * parameters, so the answer takes as long as for a real account and timing does not reveal which
 * e-mail addresses exist.
 */
import { hash, verify } from '@node-rs/argon2';

let dummyHash: Promise<string> | undefined;

function getDummyHash(): Promise<string> {
  // Made once, lazily, with the library's defaults: the same as the stored hashes (argon2id).
  dummyHash ??= hash('dummy password that never matches');
  return dummyHash;
}

/** Warms the dummy hash at start-up so the first unknown-user sign-in is not slower. */
export async function preparePasswordChecks(): Promise<void> {
  await getDummyHash();
}

/** True when `password` matches `storedHash`; `storedHash` undefined means "no such user". */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a refusal, not a 500 that would tell the user apart.
    return false;
  }
}
