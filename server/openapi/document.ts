/**
 * Builds the OpenAPI 3.1 document of the API from the operation declarations (contract/operations/)
 * and the contract's valibot schemas. Everything but the declarations' texts is derived: path
 * parameters from the path, query parameters from the list-query schemas, error answers from what
 * the declaration says (a token, a permission, an `{id}`, a body), security from `public`.
 */
import { readFileSync } from 'node:fs';
import { chargeRangePayloadSchema } from '@contract/charge';
import { idSchema, LIMIT_DEFAULT, LIMIT_MAX } from '@contract/common';
import { envelopeSchema, errorEnvelopeSchema } from '@contract/envelope';
import {
  type HttpMethod,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  isRawResponse,
  type Operation,
} from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import type { Permission } from '@contract/permissions';
import { TRANSACTION_STATUS_FILTERS, TRANSACTION_TYPES } from '@contract/transaction';
import type * as v from 'valibot';
import { ENTITY_SCHEMAS, PAYLOAD_SCHEMAS } from './components';
import { componentRef, createSchemaConverter, type Schema, type SchemaConverter } from './schemas';

export const API_TITLE = 'Payments Back Office API';
export const SECURITY_SCHEME = 'bearerAuth';
/** The API clients' keys (issue 22, docs/decisions/033): what platform operations take. */
export const PLATFORM_SECURITY_SCHEME = 'apiKey';

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: Schema;
}

export interface MediaTypeObject {
  schema?: Schema;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, { description: string; schema: Schema }>;
}

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** `[]` on public operations (overrides the global bearer requirement). */
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  /** Ours: the permission in machine-readable form, for tools and the docs page. */
  'x-permission'?: { name: string; type: string };
  /** Ours: a platform operation's scope (issue 22). */
  'x-scope'?: string;
}

export type PathItem = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<
      string,
      { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string }
    >;
  };
}

/** The package version, so the document names the release it describes. */
export function packageVersion(): string {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? raw.version : undefined;
  return typeof version === 'string' ? version : '0.0.0';
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** `{id}` -> `ById`, `files/logos` -> `FilesLogos`: stable, unique per method and path. */
export function operationId(method: HttpMethod, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      const word = param ? `by-${param}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]?.toUpperCase() + part.slice(1))
        .join('');
    });
  return method + words.join('');
}

function permissionText(permission: Permission | undefined, isPublic: boolean, spec?: Operation): string {
  if (isPublic) return 'Public: no bearer token needed.';
  if (spec?.platform) {
    return (
      `Platform operation: an API client's key with the scope \`${spec.platform.scope}\`; staff tokens are refused (403).` +
      (spec.platform.idempotent ? ' Requires an `Idempotency-Key` header (docs/api.md, "Idempotency").' : '')
    );
  }
  if (!permission) return 'Needs a bearer token.';
  return `Permission: \`${permission.name}\` on \`${permission.type}\`.`;
}

function alsoPermittedText({ alsoPermitted }: Operation): string {
  if (!alsoPermitted) return '';
  const { permission, because } = alsoPermitted;
  return ` Also answered to holders of \`${permission.name}\` on \`${permission.type}\` instead of the permission below: ${because}`;
}

function errorResponse(description: string, extraHeaders?: ResponseObject['headers']): ResponseObject {
  return {
    description,
    content: { [JSON_TYPE]: { schema: componentRef('ErrorEnvelope') } },
    ...(extraHeaders ? { headers: extraHeaders } : {}),
  };
}

/** The `Idempotency-Key` header of an idempotent platform operation. */
function headerParameters(spec: Operation): ParameterObject[] {
  if (!spec.platform?.idempotent) return [];
  return [
    {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: true,
      description:
        "1 to 255 printable ASCII characters, unique per request among the client's keys: the same key " +
        'and body replays the first answer; the same key with another body is refused (422).',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ];
}

function pathParameters(path: string, convert: SchemaConverter): ParameterObject[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) =>
    name === 'id'
      ? {
          name,
          in: 'path',
          required: true,
          description: 'The UUID of the resource.',
          schema: convert.output(idSchema),
        }
      : {
          name,
          in: 'path',
          required: true,
          description: 'The stored file path; may span several segments (`M000001/logo.svg`).',
          schema: { type: 'string' },
        },
  );
}

const list = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/**
 * What the query values mean where the schema alone cannot say it (comma lists and number strings
 * are plain strings in JSON Schema). Shared by every list; operation texts say what is specific.
 */
const QUERY_NOTES: Readonly<Record<string, string>> = {
  page: 'Page number, from 1 (default 1).',
  limit: `Page size, 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT}).`,
  search_term: 'Trimmed, case-insensitive *contains* search over the fields the operation names.',
  status: `A comma list of ${list(TRANSACTION_STATUS_FILTERS)}; absent, empty or \`all\` means the default set.`,
  types: `A comma list of ${list(TRANSACTION_TYPES)} (any case); absent or \`all\`: every type.`,
  from: 'First day, `YYYY-MM-DD`, a whole UTC day (inclusive).',
  to: 'Last day, `YYYY-MM-DD`, a whole UTC day (inclusive).',
  reference: 'The exact transaction reference; not together with `search_term`.',
  merchantId: "Only this merchant's transactions.",
  currency_id: "Only this currency's charges.",
  entry_type: 'Empty for both.',
  command: 'The state change to apply.',
};

/** Enumerated values speak for themselves; the status note is about the transactions' comma list. */
function queryNote(name: string, schema: Schema): string | undefined {
  if (name === 'status' && (schema.enum || schema.anyOf)) return 'Empty or absent for all.';
  return QUERY_NOTES[name];
}

function queryParameters(query: v.GenericSchema | undefined, convert: SchemaConverter): ParameterObject[] {
  if (!query) return [];
  const object = convert.input(query);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, value]) => {
    const schema = typeof value === 'boolean' ? {} : value;
    const description = queryNote(name, schema);
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema,
    };
  });
}

/** Names of PAYLOAD_SCHEMAS by schema, so request bodies refer to their component. */
const payloadNames = new Map<v.GenericSchema, string>(
  Object.entries(PAYLOAD_SCHEMAS).map(([name, schema]) => [schema, name]),
);

function requestBody(spec: Operation, convert: SchemaConverter): OperationObject['requestBody'] {
  if (!spec.body) return undefined;
  const name = payloadNames.get(spec.body.schema);
  const schema = name ? componentRef(name) : convert.input(spec.body.schema);
  return { required: !spec.body.optional, content: { [spec.body.form ? FORM_TYPE : JSON_TYPE]: { schema } } };
}

function successResponse(spec: Operation, convert: SchemaConverter): [string, ResponseObject] {
  const { response } = spec;
  if (isRawResponse(response)) {
    const media: MediaTypeObject = response.schema ? { schema: { ...response.schema } } : {};
    return ['200', { description: response.description, content: { [response.contentType]: media } }];
  }
  const status = response.status ?? 200;
  return [
    String(status),
    {
      description:
        status === 201 ? 'Created; the envelope holds the new resource.' : 'The envelope with the answer.',
      content: { [JSON_TYPE]: { schema: convert.output(envelopeSchema(response.data)) } },
    },
  ];
}

function responses(spec: Operation, convert: SchemaConverter): Record<string, ResponseObject> {
  const [status, success] = successResponse(spec, convert);
  const result: Record<string, ResponseObject> = { [status]: success };
  if (spec.accepted) {
    result['202'] = {
      description: spec.accepted.description,
      content: { [JSON_TYPE]: { schema: convert.output(envelopeSchema(spec.accepted.data)) } },
    };
  }
  const hasId = spec.path.includes('{id}');
  if (spec.query || spec.body || hasId) {
    result['400'] = errorResponse(
      'Validation failed: `field: message` for each offending field, joined by `; `.',
    );
  }
  if (spec.platform) {
    result['401'] = errorResponse('No, malformed, unknown or revoked API key.', {
      'WWW-Authenticate': {
        description: '`Bearer`, with `error="invalid_token"` for a bad key.',
        schema: { type: 'string' },
      },
    });
  } else if (!spec.public) {
    result['401'] = errorResponse('No, malformed, forged or expired bearer token.', {
      'WWW-Authenticate': {
        description: '`Bearer`, with `error="invalid_token"` for a bad token.',
        schema: { type: 'string' },
      },
    });
  } else if (spec.body?.form) {
    result['401'] = errorResponse('Invalid username or password.');
  }
  if (spec.permission)
    result['403'] = errorResponse('The token lacks the permission, or an API key was sent.');
  if (spec.platform)
    result['403'] = errorResponse('A staff token was sent, or the API client lacks the scope.');
  if (hasId) result['404'] = errorResponse('No resource has this id.');
  if (spec.path.includes('{path}')) result['404'] = errorResponse('File not found.');
  if (spec.body) result['413'] = errorResponse('Body over 1 MB.');
  for (const [code, description] of Object.entries(spec.errors ?? {})) {
    const headers: ResponseObject['headers'] =
      code === '429'
        ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } }
        : undefined;
    result[code] = errorResponse(description, headers);
  }
  return result;
}

function operation(spec: Operation, convert: SchemaConverter): OperationObject {
  const parameters = [
    ...pathParameters(spec.path, convert),
    ...queryParameters(spec.query, convert),
    ...headerParameters(spec),
  ];
  const body = requestBody(spec, convert);
  return {
    operationId: operationId(spec.method, spec.path),
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description}${alsoPermittedText(spec)}\n\n${permissionText(spec.permission, spec.public === true, spec)}`,
    ...(spec.public ? { security: [] } : {}),
    ...(spec.platform ? { security: [{ [PLATFORM_SECURITY_SCHEME]: [spec.platform.scope] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(spec, convert),
    ...(spec.permission
      ? { 'x-permission': { name: spec.permission.name, type: spec.permission.type } }
      : {}),
    ...(spec.platform ? { 'x-scope': spec.platform.scope } : {}),
  };
}

export interface BuildOptions {
  operations?: readonly Operation[];
  version?: string;
}

export function buildOpenApiDocument(options: BuildOptions = {}): OpenApiDocument {
  const operations = options.operations ?? OPERATIONS;
  const convert = createSchemaConverter(
    { ...ENTITY_SCHEMAS, ErrorEnvelope: errorEnvelopeSchema },
    { ...PAYLOAD_SCHEMAS, ChargeRangeInput: chargeRangePayloadSchema },
  );
  const paths: Record<string, PathItem> = {};
  const tags: string[] = [];
  for (const spec of operations) {
    const item = paths[spec.path] ?? {};
    if (item[spec.method]) throw new Error(`Duplicate operation ${spec.method.toUpperCase()} ${spec.path}`);
    item[spec.method] = operation(spec, convert);
    paths[spec.path] = item;
    if (!tags.includes(spec.tag)) tags.push(spec.tag);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: API_TITLE,
      version: options.version ?? packageVersion(),
      description:
        'The reference API of the payments back office. Every JSON answer is the envelope ' +
        '`{ success, status, data, errorMessage }` (`status` equals the HTTP status); files and the JWKS are not ' +
        'enveloped. Sign in with `POST /auth/login` and send the token as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags: tags.map((name) => ({ name })),
    security: [{ [SECURITY_SCHEME]: [] }],
    paths,
    components: {
      schemas: convert.components(),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `access_token` of `POST /auth/login` (ES256 or RS256, 8 hours).',
        },
        [PLATFORM_SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'papi_<key id>_<secret>',
          description:
            "An API client's key, shown once when an admin creates the client (`POST /api-clients`); " +
            'platform operations only (docs/api.md, "The platform API").',
        },
      },
    },
  };
}
