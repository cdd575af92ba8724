/**
 * The console's half of single sign-on (decision 032): the authorization-code flow with PKCE
 * (RFC 7636, S256). Before the browser leaves for the identity provider, a fresh verifier, state
 * and nonce are kept in sessionStorage (this tab only, gone with it); the callback route takes
 * them back once, checks the state and hands the code, verifier and nonce to `POST auth/sso/token`.
 */
import { type Session, SSO_ERRORS, type SsoSettings, sessionSchema, ssoSettingsSchema } from '@contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

const FLOW_KEY = 'sso-flow';
export const SSO_CALLBACK_PATH = '/sso-callback';

interface PendingFlow {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  /** Where the person was going when sign-in was asked for. */
  redirect: string | undefined;
}

export const ssoSettingsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sso'],
    // The password form works without it: a failure only leaves the button out.
    queryFn: ({ signal }) => fetchData('auth/sso', ssoSettingsSchema, { signal, toastErrors: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `bytes` random bytes as base64url: 32 give the 43 characters a PKCE verifier needs at least. */
function randomText(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(data: Uint8Array): string {
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The provider's sign-in address for a new flow, whose secrets are now kept for the callback. */
export async function startSso(
  settings: Extract<SsoSettings, { enabled: true }>,
  redirect: string | undefined,
): Promise<string> {
  const flow: PendingFlow = {
    verifier: randomText(32),
    state: randomText(16),
    nonce: randomText(16),
    redirectUri: `${window.location.origin}${SSO_CALLBACK_PATH}`,
    redirect,
  };
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  const url = new URL(settings.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.client_id);
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', flow.state);
  url.searchParams.set('nonce', flow.nonce);
  url.searchParams.set('code_challenge', await codeChallenge(flow.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** The flow this tab started, taken out so it cannot be used twice; null without one. */
function takeFlow(): PendingFlow | null {
  const raw = sessionStorage.getItem(FLOW_KEY);
  sessionStorage.removeItem(FLOW_KEY);
  if (!raw) return null;
  try {
    const flow = JSON.parse(raw) as Partial<PendingFlow>;
    if (typeof flow.verifier !== 'string' || typeof flow.state !== 'string' || typeof flow.nonce !== 'string')
      return null;
    return {
      verifier: flow.verifier,
      state: flow.state,
      nonce: flow.nonce,
      redirectUri: typeof flow.redirectUri === 'string' ? flow.redirectUri : '',
      redirect: typeof flow.redirect === 'string' ? flow.redirect : undefined,
    };
  } catch {
    return null;
  }
}

export class SsoError extends Error {
  override name = 'SsoError';
}

export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * The provider's answer on the callback: its refusal, a state this tab did not send (a forged or
 * replayed link), or the code redeemed for our session.
 */
export async function finishSso(params: CallbackParams): Promise<{ session: Session; redirect?: string }> {
  const flow = takeFlow();
  if (params.error) throw new SsoError(params.error_description || params.error);
  if (!flow || !params.state || params.state !== flow.state || !params.code)
    throw new SsoError(SSO_ERRORS.stateMismatch);
  const session = await fetchData('auth/sso/token', sessionSchema, {
    method: 'POST',
    json: {
      code: params.code,
      code_verifier: flow.verifier,
      redirect_uri: flow.redirectUri,
      nonce: flow.nonce,
    },
    toastErrors: false,
  });
  return { session, ...(flow.redirect ? { redirect: flow.redirect } : {}) };
}

/** Leaves the console for the provider; an object so a component test can watch it (jsdom cannot leave). */
export const browser = {
  leave(url: string): void {
    window.location.assign(url);
  },
};

/** A failed single sign-on, for the sign-in screen to show once. */
let lastError: string | null = null;

export function rememberSsoError(message: string): void {
  lastError = message;
}

export function takeSsoError(): string | null {
  const message = lastError;
  lastError = null;
  return message;
}
