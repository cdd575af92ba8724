import { type LoginPayload, logoutResponseSchema, type Session, sessionSchema } from '@contract/auth';
import { envelopeSchema } from '@contract/envelope';
import ky, { isHTTPError, isTimeoutError } from 'ky';
import * as v from 'valibot';
import { HTTP_ERRORS } from './copy';
import { ApiError, messageForStatus } from './errors';
import { notifyError } from './notify';
import { clearSession, getAccessToken } from './session';

/** Spec §7: `{host}/api/v1/`; the host is a build-time choice, same origin by default. */
export function apiBaseUrl(): string {
  const host = import.meta.env.VITE_API_BASE_URL ?? '';
  // Absolute even for the same origin: the fetch of Node (tests) rejects relative URLs.
  const origin = globalThis.location?.origin ?? 'http://localhost';
  return new URL(`${host}/api/v1`, origin).href.replace(/\/$/, '');
}

/** The sign-in call is the only one without a bearer token, and its 401 means "wrong password". */
const SIGN_IN_PATH = 'auth/login';

/**
 * The one HTTP client. Every call but sign-in carries the stored session's bearer token, including
 * `merchants/{id}/accounts` and `gl-accounts/{id}` (spec deviation 2). Status handling lives in
 * `fetchData` so that 201 is a success (spec deviation 3) and errors map to spec §8 in one place.
 */
export const api = ky.create({
  prefixUrl: apiBaseUrl(),
  retry: 0,
  timeout: 30_000,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getAccessToken();
        // A call that brings its own token (a sign-in's next step, decision 029) keeps it.
        if (
          token &&
          !request.headers.has('Authorization') &&
          !new URL(request.url).pathname.endsWith(`/${SIGN_IN_PATH}`)
        ) {
          request.headers.set('Authorization', `Bearer ${token}`);
        }
      },
    ],
  },
});

export type SearchParams = Record<string, string | number | boolean | undefined>;

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  searchParams?: SearchParams;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Set false when the caller shows the error itself (a form field, an inline alert). */
  toastErrors?: boolean;
  /** A token other than the stored session's: a sign-in's next step (decision 029). */
  token?: string;
}

/** Absent and empty values are left out: the API reads `search_term=` as a search for nothing. */
export function cleanSearchParams(params: SearchParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function serverMessageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'errorMessage' in body) {
    const { errorMessage } = body as { errorMessage: unknown };
    if (typeof errorMessage === 'string' && errorMessage.trim() !== '') return errorMessage;
  }
  return null;
}

async function request(path: string, options: FetchOptions): Promise<{ response: Response; body: unknown }> {
  try {
    const response = await api(path, {
      method: options.method ?? 'GET',
      searchParams: cleanSearchParams(options.searchParams),
      json: options.json,
      body: options.body,
      signal: options.signal,
      ...(options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {}),
    });
    return { response, body: await readJson(response) };
  } catch (error) {
    // The caller cancelled (React Query dropping a stale query): not a failure to report.
    if (options.signal?.aborted) throw error;
    if (isHTTPError(error)) throw error;
    if (isTimeoutError(error) || error instanceof TypeError || (error as Error)?.name === 'AbortError') {
      throw new ApiError(0, HTTP_ERRORS.network);
    }
    throw error;
  }
}

function fail(error: ApiError, options: FetchOptions): never {
  if (options.toastErrors !== false) notifyError(error.message);
  throw error;
}

/**
 * Calls the API and returns the envelope's `data`, parsed with the contract schema. Throws ApiError
 * (already toasted unless `toastErrors: false`) whose message is the spec §8 text.
 */
export async function fetchData<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: FetchOptions = {},
): Promise<v.InferOutput<S>> {
  const relative = path.replace(/^\/+/, '');
  let result: { response: Response; body: unknown };
  try {
    result = await request(relative, options);
  } catch (error) {
    if (error instanceof ApiError) fail(error, options);
    throw error;
  }
  const { response, body } = result;

  if (!response.ok) {
    const serverMessage = serverMessageOf(body);
    if (response.status === 401 && relative !== SIGN_IN_PATH) {
      // The server no longer accepts the token: end the session; the layout sends the user to
      // sign-in with a return path.
      clearSession();
    }
    fail(
      new ApiError(response.status, messageForStatus(response.status, serverMessage), serverMessage),
      options,
    );
  }

  if (response.status === 204) {
    // No content, so no envelope: only a schema that accepts null (v.null()) can take it.
    const empty = v.safeParse(schema, null);
    if (empty.success) return empty.output;
    fail(new ApiError(response.status, HTTP_ERRORS.unknown), options);
  }

  const parsed = v.safeParse(envelopeSchema(schema), body);
  if (!parsed.success) {
    // A response the contract does not describe is a defect, never data to show.
    console.error(`Unexpected response from ${relative}`, v.flatten(parsed.issues));
    fail(new ApiError(response.status, HTTP_ERRORS.unknown), options);
  }
  if (!parsed.output.success) {
    const serverMessage = parsed.output.errorMessage;
    fail(new ApiError(response.status, serverMessage || HTTP_ERRORS.unknown, serverMessage), options);
  }
  return parsed.output.data;
}

/** Spec §7: sign-in is form-encoded; every other call sends JSON. The caller shows the failure. */
export function signIn(payload: LoginPayload): Promise<Session> {
  return fetchData(SIGN_IN_PATH, sessionSchema, {
    method: 'POST',
    body: new URLSearchParams({ username: payload.username, password: payload.password }),
    toastErrors: false,
  });
}

/** However slow the network, sign-out does not keep the user waiting longer than this. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * Ours: asks the server to refuse the stored token from now on (`POST auth/logout`), so a copy of
 * it left behind (a shared machine, a proxy log) is useless. Never fails: without a token, with
 * the server unreachable or slow, sign-out goes on locally (spec §2) and the token expires.
 */
export async function signOutOnServer(): Promise<void> {
  if (!getAccessToken()) return;
  await fetchData('auth/logout', logoutResponseSchema, {
    method: 'POST',
    signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
    toastErrors: false,
  }).catch(() => undefined);
}
