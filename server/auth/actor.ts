/**
 * Who does something through the API, as recorded beside what they did (a payout's decision
 * journal, a merchant's status change): their token's subject (a users id) and the name it
 * carried then. Copied, not referenced: a record must outlive any later change to the user.
 */
import type { TokenClaims } from '@contract/auth';

export interface Actor {
  id: string;
  name: string;
}

export function actorOf(claims: Pick<TokenClaims, 'sub' | 'name'>): Actor {
  return { id: claims.sub, name: claims.name };
}
