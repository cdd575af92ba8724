/** The change history (ours): who changed a catalogue record, when, and each field. Texts follow docs/api.md. */
import { changeEventSchema, changeHistoryQuerySchema } from '../change-history';
import { pagedSchema } from '../envelope';
import { defineOperation } from './define';

export const changeHistoryOperations = {
  list: defineOperation({
    method: 'get',
    path: '/change-history',
    tag: 'Change history',
    summary: "A catalogue record's change history",
    description:
      'Who created, edited, activated, deactivated or deleted a payment method, transaction limit, currency, ' +
      'charge, gateway account, GL account or account mapping, when, and each changed field before and after; ' +
      "newest first. A payment method's history includes its transaction limits; a currency's includes its " +
      'charges for callers who also hold `view-charge` on `charges`. The permission is the one that reads the ' +
      'subject: `view-payment-method` on `payment-method` (payment_method, transaction_limit), `view-currency` ' +
      'on `currency`, `view-charge` on `charges`, `view-gateway-account` on `gateway-account`, `view-gl-account` ' +
      "on `gl-account`, `view-account-mapping` on `account-mapping`, `view-merchant` on `merchant` (a merchant's " +
      'history is its status changes). The history of a deleted record stays readable.',
    query: changeHistoryQuerySchema,
    response: { data: pagedSchema(changeEventSchema) },
    errors: { 403: 'The token lacks the permission that reads the subject.' },
  }),
} as const;
