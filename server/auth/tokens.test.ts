import { generateKeyPairSync } from 'node:crypto';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { base64url, createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimsOf, createTestClock } from '../test/api';
import { generateSigningKeys, loadSigningKeys } from './keys';
import { createTokenService, DEFAULT_ISSUER, type TokenSubject } from './tokens';

const subject: TokenSubject = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  name: 'Abebe Kebede',
  preferredUsername: 'admin',
  permissions: toPermissionMap([PERMISSIONS.dashboard, PERMISSIONS.viewMerchant]),
};

async function service(clock = createTestClock()) {
  const keys = generateSigningKeys();
  return { keys, clock, tokens: await createTokenService({ keys, clock }) };
}

function segment(value: object): string {
  return base64url.encode(JSON.stringify(value));
}

describe('token service', () => {
  it('signs Keycloak-shaped claims that verify, with kid and ES256', async () => {
    const { tokens, clock } = await service();
    const { token, expiresIn } = await tokens.sign(subject);
    expect(expiresIn).toBe(8 * 3600);
    const result = await tokens.verify(token);
    expect(result).toEqual({
      ok: true,
      claims: {
        jti: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        sub: subject.id,
        iss: DEFAULT_ISSUER,
        iat: clock().getTime() / 1000,
        exp: clock().getTime() / 1000 + 8 * 3600,
        name: subject.name,
        email: subject.email,
        preferred_username: 'admin',
        resource_access: {
          'back-office': { roles: ['uma_protection'] },
          merchant: { roles: ['view-merchant'] },
        },
      },
    });
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[0] ?? '')));
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: tokens.jwks().keys[0]?.kid });
    // Each token its own id: what a sign-out revokes.
    const again = await tokens.verify((await tokens.sign(subject)).token);
    expect(again.ok && result.ok && again.claims.jti !== result.claims.jti).toBe(true);
  });

  it('publishes a JWKS that verifies its tokens and holds no private part', async () => {
    const { tokens, clock } = await service();
    const { token } = await tokens.sign(subject);
    const jwks = tokens.jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: DEFAULT_ISSUER,
      currentDate: clock(),
    });
    expect(payload.sub).toBe(subject.id);
  });

  it('rejects an expired token as expired, within a small tolerance', async () => {
    const { tokens, clock } = await service();
    const { token } = await tokens.sign(subject);
    clock.advance(8 * 3600 * 1000 + 10_000);
    expect((await tokens.verify(token)).ok).toBe(true); // within the 30 s tolerance
    clock.advance(60_000);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('still checks every other token after one was verified and remembered', async () => {
    const { tokens } = await service();
    const { token } = await tokens.sign(subject);
    const first = await tokens.verify(token);
    expect(first.ok).toBe(true);
    expect(await tokens.verify(token)).toEqual(first);
    const [h, p, s] = token.split('.');
    const flipped = `${s?.slice(0, -2)}${s?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(`${h}.${p}.${flipped}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a token signed by another key, even with our kid', async () => {
    const { tokens } = await service();
    const other = await createTokenService({ keys: generateSigningKeys() });
    const { token } = await other.sign(subject);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    const kid = tokens.jwks().keys[0]?.kid;
    const forged = await new SignJWT({ ...claimsOf(subject), iss: DEFAULT_ISSUER })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects alg none', async () => {
    const { tokens } = await service();
    const kid = tokens.jwks().keys[0]?.kid;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${segment({ alg: 'none', kid, typ: 'JWT' })}.${segment({ ...claimsOf(subject), iss: DEFAULT_ISSUER, iat: now, exp: now + 3600 })}.`;
    expect(await tokens.verify(unsigned)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects HS256 signed with the public key as the secret', async () => {
    const { tokens, keys } = await service();
    const kid = tokens.jwks().keys[0]?.kid;
    const secret = keys.publicKey.export({ type: 'spki', format: 'pem' });
    const token = await new SignJWT({ ...claimsOf(subject) })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer(DEFAULT_ISSUER)
      .setSubject(subject.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret.toString()));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a token of another issuer signed with our key', async () => {
    const { keys, tokens } = await service();
    const foreign = await createTokenService({ keys, issuer: 'someone-else' });
    const { token } = await foreign.sign(subject);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects garbage and tampered payloads', async () => {
    const { tokens } = await service();
    for (const garbage of ['', 'abc', 'a.b.c', 'x.y', `${segment({ alg: 'ES256' })}.e30.`]) {
      expect(await tokens.verify(garbage)).toEqual({ ok: false, reason: 'invalid' });
    }
    const { token } = await tokens.sign(subject);
    const [h, , s] = token.split('.');
    const elevated = segment({
      ...claimsOf(subject),
      resource_access: { merchant: { roles: ['change-status-merchant'] } },
    });
    expect(await tokens.verify(`${h}.${elevated}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signs RS256 with an RSA key from the environment', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keys = await loadSigningKeys({
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    expect(keys.algorithm).toBe('RS256');
    const tokens = await createTokenService({ keys });
    const { token } = await tokens.sign(subject);
    expect((await tokens.verify(token)).ok).toBe(true);
    expect(tokens.jwks().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });
});
