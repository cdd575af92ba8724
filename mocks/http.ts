import { API_KEY_PREFIX } from '@contract/api-client';
import type { SessionStage } from '@contract/auth';
import type { RecordedActor } from '@contract/common';
import { envelopeSchema, errorEnvelopeSchema } from '@contract/envelope';
import type { PermissionMap } from '@contract/permissions';
import { HttpResponse } from 'msw';
import * as v from 'valibot';

/** Every mock path is matched on any origin: the console may point at another API host. */
export const API = '*/api/v1';

/** An error envelope; parsed first, so a mock can never send what the real server would not. */
export function failure(status: number, errorMessage: string) {
  const body = v.parse(errorEnvelopeSchema, { success: false, status, data: null, errorMessage });
  return HttpResponse.json(body, { status });
}

/** A success envelope whose data is parsed with the contract schema (mocks cannot drift from it). */
export function ok<S extends v.GenericSchema>(schema: S, data: v.InferInput<S>, status = 200) {
  const body = v.parse(envelopeSchema(schema), { success: true, status, data, errorMessage: null });
  return HttpResponse.json(body, { status });
}

export interface MockClaims {
  jti?: string;
  sub?: string;
  name?: string;
  resource_access?: PermissionMap;
  /** A token of an unfinished sign-in (decision 029). */
  stage?: SessionStage;
}

function decodeClaims(token: string): MockClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as MockClaims;
  } catch {
    return null;
  }
}

/** The bearer token's claims (the mock IdP's unsigned JWTs), or null without a readable token. */
export function claimsOf(request: Request): MockClaims | null {
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return token ? decodeClaims(token) : null;
}

/**
 * The API key the request sends as its bearer token (`papi_…`), or null when it sends something
 * else (a staff token, nothing).
 */
export function apiKeyOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return token.startsWith(API_KEY_PREFIX) ? token : null;
}

/** Who the request's token names, as the server records them; null without a subject and name. */
export function actorOf(request: Request): RecordedActor {
  const claims = claimsOf(request);
  return claims?.sub && claims.name ? { id: claims.sub, name: claims.name } : null;
}

/** The query string as a plain object, for the contract's query schemas. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
