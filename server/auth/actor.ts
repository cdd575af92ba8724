/**
 * Who does something through the API, as recorded beside what they did (a payout's decision
 * journal, a merchant's status change): their token's subject (a users id) and the name it
 * carried then. Copied, not referenced: a record must outlive any later change to the user.
 */
import type { TokenClaims } from '@contract/auth';
import type { RecordedActor } from '@contract/common';

export interface Actor {
  id: string;
  name: string;
}

export function actorOf(claims: Pick<TokenClaims, 'sub' | 'name'>): Actor {
  return { id: claims.sub, name: claims.name };
}

/** A record's stored actor columns as the wire names them: both or nobody. */
export function recordedActor(id: string | null, name: string | null): RecordedActor {
  return id !== null && name !== null ? { id, name } : null;
}
