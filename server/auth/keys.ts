/**
 * The token signing key pair. Taken from the environment (JWT_PRIVATE_KEY, optionally
 * JWT_PUBLIC_KEY, both PEM) when given; otherwise generated on first run and kept in
 * `<dataDir>/keys/` (mode 0600) so tokens survive restarts. ES256 by default; an RSA key from the
 * environment signs RS256. Without a data directory (tests) the pair lives in memory only.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type SigningAlgorithm = 'ES256' | 'RS256';

export interface SigningKeys {
  readonly algorithm: SigningAlgorithm;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

export interface LoadSigningKeysOptions {
  privateKeyPem?: string | undefined;
  publicKeyPem?: string | undefined;
  /** Where generated keys are kept (`<dataDir>/keys/`); undefined: generate in memory. */
  dataDir?: string | undefined;
}

const PRIVATE_FILE = 'jwt-private.pem';
const PUBLIC_FILE = 'jwt-public.pem';

export async function loadSigningKeys(options: LoadSigningKeysOptions = {}): Promise<SigningKeys> {
  if (options.privateKeyPem) return fromPem(options.privateKeyPem, options.publicKeyPem);
  if (options.publicKeyPem) throw new Error('JWT_PUBLIC_KEY is set without JWT_PRIVATE_KEY');
  if (options.dataDir === undefined) return generateSigningKeys();

  const dir = join(options.dataDir, 'keys');
  const privatePath = join(dir, PRIVATE_FILE);
  const existing = await readFile(privatePath, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return fromPem(existing, undefined);

  const keys = generateSigningKeys();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  try {
    // `wx`: two processes starting at once must not overwrite each other's key; the loser reads it.
    await writeFile(privatePath, privatePem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fromPem(await readFile(privatePath, 'utf8'), undefined);
  }
  await chmod(privatePath, 0o600);
  await writeFile(join(dir, PUBLIC_FILE), publicPem, { mode: 0o644 });
  return keys;
}

export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { algorithm: 'ES256', privateKey, publicKey };
}

function fromPem(privatePem: string, publicPem: string | undefined): SigningKeys {
  const privateKey = createPrivateKey(normalisePem(privatePem, 'JWT_PRIVATE_KEY'));
  const publicKey = publicPem
    ? createPublicKey(normalisePem(publicPem, 'JWT_PUBLIC_KEY'))
    : createPublicKey(privateKey);
  const algorithm = algorithmOf(privateKey);
  if (publicKey.asymmetricKeyType !== privateKey.asymmetricKeyType) {
    throw new Error('JWT_PUBLIC_KEY is not the same kind of key as JWT_PRIVATE_KEY');
  }
  // A mismatched pair would sign tokens nobody can verify; fail at start-up instead.
  const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (!derived.equals(publicKey.export({ type: 'spki', format: 'der' }))) {
    throw new Error('JWT_PUBLIC_KEY does not belong to JWT_PRIVATE_KEY');
  }
  return { algorithm, privateKey, publicKey };
}

function algorithmOf(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048)
    return 'RS256';
  throw new Error(
    'JWT_PRIVATE_KEY must be an EC P-256 key (ES256) or an RSA key of 2048 bits or more (RS256)',
  );
}

/** Environment variables often carry PEMs with literal `\n`; accept both forms. */
function normalisePem(pem: string, name: string): string {
  const text = pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
  if (!text.includes('-----BEGIN')) throw new Error(`${name} must be a PEM-encoded key`);
  return text;
}
