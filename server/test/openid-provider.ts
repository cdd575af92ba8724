/**
 * A real OpenID provider for the single sign-on tests (decision 032): the npm `oidc-provider`
 * package, started on a free local port with two registered clients, PKCE required, and a login
 * that needs no screen: whoever comes to it is signed in as the account `signInAs` names, with the
 * consent to our client already given (a first-party client, as a provider configures its own
 * back office). Used by server/auth/sso.test.ts and the e2e spec (e2e/sso.spec.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const SSO_CLIENT = { id: 'back-office', secret: 'back-office-secret-for-tests' } as const;
/** Another client of the same provider: its ID tokens are not for us (the wrong-audience test). */
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret-for-tests' } as const;

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  /** Keycloak-style client roles: `resource_access[client].roles`. */
  resource_access?: Record<string, { roles: string[] }>;
  groups?: string[];
}

export interface OpenIdProvider {
  readonly issuer: string;
  /** The account the next login signs in as. */
  signInAs(account: ProviderAccount): void;
  /**
   * The next token answer carries this ID token instead of the one the provider made (a real one
   * of the provider's, for another client): what a confused or compromised provider could send.
   */
  replaceNextIdToken(idToken: string): void;
  close(): Promise<void>;
}

const CLAIMS = ['sub', 'email', 'email_verified', 'name', 'preferred_username', 'resource_access', 'groups'];

export async function startOpenIdProvider({
  redirectUris,
  port = 0,
}: {
  redirectUris: readonly string[];
  port?: number;
}): Promise<OpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | undefined;
  let replacement: string | undefined;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [...redirectUris],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const provider = new Provider(issuer, {
    clients: [client(SSO_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [jwk] },
    pkce: { required: () => true, methods: ['S256'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      roles: ['resource_access', 'groups'],
    },
    // Like Keycloak's defaults: the person's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => account } : undefined;
    },
    // A first-party client: consent is given once and for all.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile roles');
      grant.addOIDCClaims(CLAIMS);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: {
      IdToken: 3600,
      AccessToken: 3600,
      AuthorizationCode: 120,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });
  const callback = provider.callback();

  async function login(req: IncomingMessage, res: ServerResponse) {
    await provider.interactionDetails(req, res);
    if (!current) {
      res.writeHead(500).end('no account to sign in as: call signInAs first');
      return;
    }
    accounts.set(current.sub, current);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: current.sub } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Swaps the ID token of the next token answer (replaceNextIdToken). */
  function swapIdToken(res: ServerResponse) {
    const idToken = replacement;
    replacement = undefined;
    const write = res.end.bind(res);
    res.end = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
        const body = JSON.parse(chunk.toString()) as Record<string, unknown>;
        if (body.id_token) body.id_token = idToken;
        const text = JSON.stringify(body);
        res.setHeader('Content-Length', Buffer.byteLength(text));
        return write(text, ...(rest as []));
      }
      return write(chunk as never, ...(rest as []));
    }) as typeof res.end;
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      login(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    if (req.method === 'POST' && req.url === '/token' && replacement) swapIdToken(res);
    callback(req, res);
  });

  return {
    issuer,
    signInAs(account) {
      current = account;
      accounts.set(account.sub, account);
    },
    replaceNextIdToken(idToken) {
      replacement = idToken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
