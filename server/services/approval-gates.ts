/**
 * The gate of each covered action (decision 039): called by the action's route before doing
 * anything, it answers the pending request when a rule covers the action (the route then answers
 * 202), or null when the action goes ahead at once. What a request records (summary, amount,
 * before and after) is written here, per action.
 */

import type { AccountMappingItemPayload } from '@contract/account-mapping';
import type { ApprovalRequest } from '@contract/approval';
import type { GlAccountPayload } from '@contract/gl-account';
import { API_ERRORS } from '@contract/messages';
import type { Database } from '../db/connect';
import { findGlAccount } from '../db/queries/gl-accounts';
import { findTransactionDetail } from '../db/queries/transactions';
import { ApiError } from '../http/envelope';
import {
  amountNeedsApproval,
  type GlAccountUpdateInput,
  kindNeedsApproval,
  type PayoutApprovalInput,
  type RequestContext,
  requestApproval,
} from './approvals';

/** Approving a pending payout above its currency's threshold. Anything else is left to the decision. */
export async function payoutApprovalRequest(
  db: Database,
  id: string,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  const payout = await findTransactionDetail(db, id);
  if (payout?.status !== 'PAY_OUT') return null;
  const currency = payout.transaction_method.currency.name_code;
  if (!(await amountNeedsApproval(db, 'payout', currency, payout.amount))) return null;
  const input: PayoutApprovalInput = { payout_id: id };
  return requestApproval(
    db,
    {
      kind: 'payout',
      action: 'payout.approve',
      summary: `Approve payout ${payout.reference.txn_ref}`,
      subjectId: id,
      amount: payout.amount,
      currency,
      before: { status: 'PAY_OUT' },
      after: { status: 'SUCCESS' },
      input,
    },
    context,
  );
}

const glAccountFields = (a: GlAccountPayload) => ({
  name: a.name,
  type: a.type,
  manual_journal_entries_allowed: a.manual_journal_entries_allowed,
  description: a.description,
});

/** Creating a GL account, when GL account changes need approval. */
export async function glAccountCreateRequest(
  db: Database,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'gl-account'))) return null;
  return requestApproval(
    db,
    {
      kind: 'gl-account',
      action: 'gl-account.create',
      summary: `Create GL account ${payload.name}`,
      subjectId: null,
      amount: null,
      currency: null,
      before: null,
      after: glAccountFields(payload),
      input: payload,
    },
    context,
  );
}

/** Changing a GL account, when GL account changes need approval (404 for an unknown account). */
export async function glAccountUpdateRequest(
  db: Database,
  id: string,
  payload: GlAccountPayload,
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'gl-account'))) return null;
  const current = await findGlAccount(db, id);
  if (!current) throw new ApiError(404, API_ERRORS.notFound('Gl account'));
  const input: GlAccountUpdateInput = { id: current.id, payload };
  return requestApproval(
    db,
    {
      kind: 'gl-account',
      action: 'gl-account.update',
      summary: `Update GL account ${current.name}`,
      subjectId: current.id,
      amount: null,
      currency: null,
      before: glAccountFields(current),
      after: glAccountFields(payload),
      input,
    },
    context,
  );
}

/** Creating account mappings, when account mapping changes need approval. */
export async function accountMappingCreateRequest(
  db: Database,
  items: readonly AccountMappingItemPayload[],
  context: RequestContext,
): Promise<ApprovalRequest | null> {
  if (!(await kindNeedsApproval(db, 'account-mapping'))) return null;
  const types = [...new Set(items.map((i) => i.financial_account_type))].join(', ');
  return requestApproval(
    db,
    {
      kind: 'account-mapping',
      action: 'account-mapping.create',
      summary: `Create ${items.length} account mapping${items.length === 1 ? '' : 's'} (${types})`,
      subjectId: null,
      amount: null,
      currency: null,
      before: null,
      after: { mappings: items },
      input: items,
    },
    context,
  );
}
