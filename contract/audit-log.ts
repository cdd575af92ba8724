/**
 * Ours (issue 21): the audit log, one append-only record of every security and money action: who
 * (id, name and e-mail as they were then), when, from which address, what (a dotted action such as
 * `auth.sign-in` or `payout.approve`), on which resource, whether it succeeded, and the resource
 * before and after (decision 031).
 */
import type * as v from 'valibot';
import { valueList } from './common';

export const [AUDIT_OUTCOMES, auditOutcomeSchema] = valueList(['success', 'failure']);
export type AuditOutcome = v.InferOutput<typeof auditOutcomeSchema>;
