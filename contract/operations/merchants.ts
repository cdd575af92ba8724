/** Merchants (spec §7): list, detail, bank accounts, the status command and a merchant's transactions. Texts follow docs/api.md. */
import { pagedSchema } from '../envelope';
import {
  merchantAccountsSchema,
  merchantCommandQuerySchema,
  merchantDetailSchema,
  merchantListQuerySchema,
  merchantSchema,
} from '../merchant';
import { merchantTimelineQuerySchema, merchantTimelineSchema } from '../merchant-timeline';
import { PERMISSIONS } from '../permissions';
import { merchantTransactionListQuerySchema, transactionPageSchema } from '../transaction';
import { defineOperation } from './define';
import { LIST } from './notes';

export const merchantOperations = {
  list: defineOperation({
    method: 'get',
    path: '/merchants',
    tag: 'Merchants',
    summary: 'List merchants',
    description: `Paged; \`search_term\` is a case-insensitive *contains* over business name, merchant code, phone and e-mail. ${LIST}`,
    permission: PERMISSIONS.viewMerchant,
    query: merchantListQuerySchema,
    response: { data: pagedSchema(merchantSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/merchants/{id}',
    tag: 'Merchants',
    summary: 'Get a merchant',
    description:
      'One merchant with its business detail, compliance and contact person, and `status_change`: its last ' +
      'status change through the API (from, to, when, by whom), null when there was none.',
    permission: PERMISSIONS.viewMerchant,
    response: { data: merchantDetailSchema },
  }),
  accounts: defineOperation({
    method: 'get',
    path: '/merchants/{id}/accounts',
    tag: 'Merchants',
    summary: "List a merchant's accounts",
    description: '`{ is_empty, contents }`, newest first.',
    permission: PERMISSIONS.viewMerchantAccount,
    response: { data: merchantAccountsSchema },
  }),
  command: defineOperation({
    method: 'patch',
    path: '/merchants/{id}',
    tag: 'Merchants',
    summary: 'Activate or deactivate a merchant',
    description:
      'No body. PENDING_VERIFICATION may be activated or deactivated, ACTIVE deactivated, INACTIVE activated; ' +
      'anything else is 409 and changes nothing. The change is recorded with the caller as who made it. ' +
      'Answers the updated merchant with its `status_change`.',
    permission: PERMISSIONS.changeStatusMerchant,
    query: merchantCommandQuerySchema,
    response: { data: merchantDetailSchema },
    errors: {
      409: 'The command does not apply to the merchant\'s status ("A PENDING merchant cannot be activated").',
    },
  }),
  transactions: defineOperation({
    method: 'get',
    path: '/merchants/{id}/transactions',
    tag: 'Merchants',
    summary: "List a merchant's transactions",
    description:
      'As `GET /transactions` for one merchant; an absent, empty or `all` status means pending, checked-out, ' +
      'failed and canceled. `is_empty` is true only when the merchant has no transactions at all.',
    permission: PERMISSIONS.viewMerchant,
    query: merchantTransactionListQuerySchema,
    response: { data: transactionPageSchema },
  }),
  // Ours (issue 24, decision 046): the merchant details Timeline tab.
  timeline: defineOperation({
    method: 'get',
    path: '/merchants/{id}/timeline',
    tag: 'Merchants',
    summary: "A merchant's timeline",
    description:
      'What happened to the merchant, newest first: status changes (from, to, by whom), payout requests and ' +
      'their approvals or rejections (by whom), the compliance documents on file (when each was stored), and ' +
      'the first and latest transaction. `limit` (default 20, at most 200) caps the entries; `has_more` says ' +
      'older ones were left out.',
    permission: PERMISSIONS.viewMerchant,
    query: merchantTimelineQuerySchema,
    response: { data: merchantTimelineSchema },
  }),
} as const;
