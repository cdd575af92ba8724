import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSigningKeys } from './keys';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'pbo-keys-'));
  dirs.push(dir);
  return dir;
}

const pem = (
  key: { export(o: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer },
  type: 'pkcs8' | 'spki',
) => key.export({ type, format: 'pem' }).toString();

describe('signing keys', () => {
  it('generates an ES256 pair on first run, keeps it 0600 in <dataDir>/keys and reuses it', async () => {
    const dataDir = await tempDir();
    const first = await loadSigningKeys({ dataDir });
    expect(first.algorithm).toBe('ES256');
    const file = join(dataDir, 'keys', 'jwt-private.pem');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    const second = await loadSigningKeys({ dataDir });
    expect(pem(second.publicKey, 'spki')).toBe(pem(first.publicKey, 'spki'));
  });

  it('takes PEMs from the environment, with literal \\n accepted, and derives the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const escaped = pem(privateKey, 'pkcs8').replace(/\n/g, '\\n');
    const keys = await loadSigningKeys({ privateKeyPem: escaped });
    expect(pem(keys.publicKey, 'spki')).toBe(pem(publicKey, 'spki'));
    const both = await loadSigningKeys({
      privateKeyPem: pem(privateKey, 'pkcs8'),
      publicKeyPem: pem(publicKey, 'spki'),
    });
    expect(both.algorithm).toBe('ES256');
  });

  it('refuses a public key that does not belong to the private key, and unsupported keys', async () => {
    const a = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const b = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(
      loadSigningKeys({ privateKeyPem: pem(a.privateKey, 'pkcs8'), publicKeyPem: pem(b.publicKey, 'spki') }),
    ).rejects.toThrow(/does not belong/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    await expect(loadSigningKeys({ privateKeyPem: pem(p384.privateKey, 'pkcs8') })).rejects.toThrow(/P-256/);
    await expect(loadSigningKeys({ privateKeyPem: 'not a pem' })).rejects.toThrow(/PEM/);
    await expect(loadSigningKeys({ publicKeyPem: pem(a.publicKey, 'spki') })).rejects.toThrow(/without/);
  });
});
