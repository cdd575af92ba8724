/**
 * Who does something through the API, as recorded beside what they did (a payout's decision
 * journal, a merchant's status change): their token's subject (a users id) and the name it
 * carried then. Copied, not referenced: a record must outlive any later change to the user.
 */
import type { TokenClaims } from '@contract/auth';
import type { RecordedActor } from '@contract/common';
import type { Context } from 'hono';
import type { AppContext } from '../http/types';

export interface Actor {
  id: string;
  name: string;
  /** For the audit log (decision 031), which also names the person's e-mail and address. */
  email?: string | null;
  address?: string | null;
}

/** With the request's context, the actor carries the caller's address for the audit log. */
export function actorOf(claims: Pick<TokenClaims, 'sub' | 'name'> & { email?: string }, c?: Context): Actor {
  const address = c ? ((c as AppContext).get('clientAddress')?.(c) ?? null) : null;
  return { id: claims.sub, name: claims.name, email: claims.email ?? null, address };
}

/** A record's stored actor columns as the wire names them: both or nobody. */
export function recordedActor(id: string | null, name: string | null): RecordedActor {
  return id !== null && name !== null ? { id, name } : null;
}
