/**
 * API clients (ours, issue 22): the machine credentials of the provider's payment platform. An
 * admin creates one on the API clients screen, with scopes; its key is shown once and stored only
 * as a hash (docs/decisions/033). The platform sends it as `Authorization: Bearer <key>` on the
 * platform operations (those declared with `platform`, contract/operations/define.ts).
 */
import * as v from 'valibot';
import { idSchema, pageQueryEntries, recordedActorSchema, timestampSchema, valueList } from './common';
import { payloadObject, queryEnum, requiredText } from './fields';
import { API_CLIENT_SORT_DEFAULT, API_CLIENT_SORT_KEYS, sortQuery } from './list-sort';

/** What a client may do; each platform operation names the one it needs. */
export const [PLATFORM_SCOPES, platformScopeSchema] = valueList([
  'payments:write',
  'payouts:write',
  'disputes:write',
]);
export type PlatformScope = v.InferOutput<typeof platformScopeSchema>;

export const [API_CLIENT_STATUSES, apiClientStatusSchema] = valueList(['ACTIVE', 'REVOKED']);
export type ApiClientStatus = v.InferOutput<typeof apiClientStatusSchema>;

/**
 * The key: `papi_` + a 16-hex-digit key id (public, stored as is, how the server finds the client)
 * + `_` + 64 hex digits of secret (256 random bits, stored as a SHA-256 hash).
 */
export const API_KEY_PATTERN = /^papi_([0-9a-f]{16})_([0-9a-f]{64})$/;
export const API_KEY_PREFIX = 'papi_';

/** The caller of a platform operation, as the server and the mocks know it once its key checked. */
export interface ApiClientPrincipal {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly PlatformScope[];
}

export const API_CLIENT_MESSAGES = {
  name: 'Name is required',
  scopes: 'Choose at least one scope',
  unknownScope: `Each scope must be one of ${PLATFORM_SCOPES.join(', ')}`,
} as const;

/** Refusals of the API clients calls and of platform callers. */
export const API_CLIENT_ERRORS = {
  alreadyRevoked: 'This API client is already revoked',
  /** A staff token on a platform operation. */
  staffOnPlatform: 'This operation is for API clients: send an API key, not a staff token',
  /** An API key on a staff operation. */
  clientOnStaff: 'API clients cannot call staff operations',
  missingScope: (scope: string) => `This API client lacks the scope ${scope}`,
  invalidKey: 'Authentication required: send a valid API key or bearer token',
  idempotencyKeyMissing:
    'Idempotency-Key: send an Idempotency-Key header of 1 to 255 printable ASCII characters',
  idempotencyKeyReused:
    'Idempotency-Key: this key was already used with another request; send a new key for a new request',
} as const;

export const apiClientSchema = v.object({
  id: idSchema,
  name: v.string(),
  scopes: v.array(platformScopeSchema),
  /** `papi_<key id>`: the key's public part, so staff can tell which key a platform is using. */
  key_prefix: v.string(),
  status: apiClientStatusSchema,
  created_at: timestampSchema,
  created_by: recordedActorSchema,
  revoked_at: v.nullable(timestampSchema),
  revoked_by: recordedActorSchema,
});
export type ApiClient = v.InferOutput<typeof apiClientSchema>;

/** Creation answers the client and its key, shown once and never again. */
export const apiClientWithKeySchema = v.object({ client: apiClientSchema, api_key: v.string() });
export type ApiClientWithKey = v.InferOutput<typeof apiClientWithKeySchema>;

const scopesField = v.pipe(
  v.array(v.picklist(PLATFORM_SCOPES, API_CLIENT_MESSAGES.unknownScope), API_CLIENT_MESSAGES.scopes),
  v.minLength(1, API_CLIENT_MESSAGES.scopes),
  v.maxLength(PLATFORM_SCOPES.length * 4, API_CLIENT_MESSAGES.scopes),
  v.transform((scopes) => PLATFORM_SCOPES.filter((scope) => scopes.includes(scope))),
);

/** `POST api-clients`: a name and at least one scope. */
export const apiClientCreatePayloadSchema = payloadObject({
  name: requiredText(API_CLIENT_MESSAGES.name, 'Name', 100),
  scopes: scopesField,
});
export type ApiClientCreatePayload = v.InferOutput<typeof apiClientCreatePayloadSchema>;
export type ApiClientCreateInput = v.InferInput<typeof apiClientCreatePayloadSchema>;

export const apiClientListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(API_CLIENT_SORT_KEYS, API_CLIENT_SORT_DEFAULT),
  status: queryEnum('status', API_CLIENT_STATUSES),
});
export type ApiClientListQuery = v.InferOutput<typeof apiClientListQuerySchema>;
