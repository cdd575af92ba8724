import type { TokenClaims } from '@contract/auth';

/**
 * The mocks sign the tokens their sign-in hands out with an ES256 key of their own and publish its
 * public half at `GET auth/jwks`, as the server does (server/auth/tokens.ts), so a client that
 * verifies tokens against the published set works against the mocks too. WebCrypto only (no
 * jose): it runs the same in the browser, in Node and under jsdom, whose own TextEncoder makes
 * byte arrays of another realm that jose refuses. The key lives as long as the page or process.
 */
export interface MockPublicJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  readonly kid: string;
  readonly alg: 'ES256';
  readonly use: 'sig';
}

interface SigningKey {
  readonly privateKey: CryptoKey;
  readonly jwk: MockPublicJwk;
}

let signingKey: Promise<SigningKey> | undefined;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** UTF-8 bytes, then base64url: the JOSE encoding of a header or a payload. */
export function base64urlText(text: string): string {
  return base64url(new TextEncoder().encode(text));
}

async function createSigningKey(): Promise<SigningKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const { x, y } = exported;
  if (x === undefined || y === undefined) throw new Error('WebCrypto exported an EC key without x or y');
  // RFC 7638: the thumbprint of the required members in lexical order, as the server's kid.
  const thumbprint = JSON.stringify({ crv: 'P-256', kty: 'EC', x, y });
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(thumbprint));
  const kid = base64url(new Uint8Array(digest));
  return {
    privateKey: pair.privateKey,
    jwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' },
  };
}

function key(): Promise<SigningKey> {
  signingKey ??= createSigningKey();
  return signingKey;
}

/** A compact JWS (ES256) of the claims; WebCrypto's ECDSA signature is already JWS's r||s form. */
export async function signToken(claims: TokenClaims): Promise<string> {
  const { privateKey, jwk } = await key();
  const signingInput = `${base64urlText(JSON.stringify({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' }))}.${base64urlText(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    new TextEncoder().encode(signingInput),
  );
  return `${signingInput}.${base64url(new Uint8Array(signature))}`;
}

/** The published key set, as `GET auth/jwks` answers it. */
export async function publishedKeys(): Promise<{ keys: MockPublicJwk[] }> {
  return { keys: [(await key()).jwk] };
}
