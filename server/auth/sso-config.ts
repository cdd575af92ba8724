/**
 * The single sign-on settings (decision 032), read from SSO_* by server/config.ts and checked at
 * start-up: the issuer, our client at the provider, where the provider puts a person's roles, and
 * which of our roles each of its role or group names grants.
 */

export interface SsoConfig {
  /** The OpenID provider's issuer: its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A dotted path into the verified claims whose value is the provider's role or group names. */
  roleClaim: string;
  /** Provider role or group name -> our role ids or names (a built-in role also by its key). */
  roleMapping: Readonly<Record<string, readonly string[]>>;
  label: string;
  scope: string;
}

const NAMES = ['SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET', 'SSO_ROLE_MAPPING'] as const;

/**
 * `resource_access` alone stands for Keycloak's client roles of our own client; any other value is
 * read as it is written.
 */
export function roleClaimPath(roleClaim: string, clientId: string): string[] {
  if (roleClaim === 'resource_access') return ['resource_access', clientId, 'roles'];
  return roleClaim.split('.');
}

function parseMapping(raw: string, fail: (message: string) => Error): Record<string, readonly string[]> {
  const wrong = () =>
    fail(
      "SSO_ROLE_MAPPING must be a JSON object from the identity provider's role names to our role ids or names, " +
        'e.g. {"back-office-admin": "admin", "auditors": ["finance", "Auditors"]}',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw wrong();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw wrong();
  const mapping: Record<string, readonly string[]> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const ours = typeof value === 'string' ? [value] : value;
    if (
      !Array.isArray(ours) ||
      ours.length === 0 ||
      !ours.every((x) => typeof x === 'string' && x.trim() !== '')
    )
      throw wrong();
    mapping[name] = ours.map((x: string) => x.trim());
  }
  if (Object.keys(mapping).length === 0) throw wrong();
  return mapping;
}

/** Undefined when none of the four is set (off); a ConfigError naming what is missing or wrong. */
export function readSsoConfig(
  read: (name: string) => string | undefined,
  fail: (message: string) => Error,
): SsoConfig | undefined {
  const set = NAMES.filter((name) => read(name) !== undefined);
  if (set.length === 0) return undefined;
  const missing = NAMES.filter((name) => read(name) === undefined);
  if (missing.length > 0)
    throw fail(`Single sign-on needs ${NAMES.join(', ')} together; ${missing.join(', ')} is not set`);
  const issuer = read('SSO_ISSUER') ?? '';
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash)
    throw fail(
      `SSO_ISSUER must be the identity provider's issuer URL, e.g. https://id.example.com/realms/staff (got "${issuer}")`,
    );
  const roleClaim = read('SSO_ROLE_CLAIM') ?? 'resource_access';
  if (!/^[\w:-]+(\.[\w:-]+)*$/.test(roleClaim))
    throw fail(
      `SSO_ROLE_CLAIM must be resource_access or a dotted claim path such as groups (got "${roleClaim}")`,
    );
  return {
    // The issuer is compared with the ID token's `iss` exactly as the provider writes it.
    issuer,
    clientId: read('SSO_CLIENT_ID') ?? '',
    clientSecret: read('SSO_CLIENT_SECRET') ?? '',
    roleClaim,
    roleMapping: parseMapping(read('SSO_ROLE_MAPPING') ?? '', fail),
    label: read('SSO_LABEL') ?? 'single sign-on',
    scope: read('SSO_SCOPE') ?? 'openid email profile',
  };
}
