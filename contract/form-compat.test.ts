import type { FormValidateOrFn } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import {
  type AccountMappingItemFormValues,
  accountMappingItemFormDefaults,
  accountMappingItemPayloadSchema,
} from './account-mapping';
import { type ChargeFormValues, chargeFormDefaults, chargePayloadSchema } from './charge';
import { type CurrencyFormValues, currencyFormDefaults, currencyPayloadSchema } from './currency';
import {
  type GatewayAccountFormValues,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountFormDefaults,
  gatewayAccountUpdatePayloadSchema,
} from './gateway-account';
import { type GlAccountFormValues, glAccountFormDefaults, glAccountPayloadSchema } from './gl-account';
import {
  type PaymentMethodFormValues,
  paymentMethodFormDefaults,
  paymentMethodPayloadSchema,
} from './payment-method';
import { standardIssues } from './test/helpers';
import {
  type TransactionLimitFormValues,
  transactionLimitFormDefaults,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from './transaction-limit';

/**
 * TanStack Form takes a Standard Schema whose input type fits the form's values. These
 * assignments fail `tsc` when a schema's input drifts from what its form holds.
 */
const forms = {
  paymentMethod: paymentMethodPayloadSchema satisfies FormValidateOrFn<PaymentMethodFormValues>,
  currency: currencyPayloadSchema satisfies FormValidateOrFn<CurrencyFormValues>,
  charge: chargePayloadSchema satisfies FormValidateOrFn<ChargeFormValues>,
  gatewayCreate: gatewayAccountCreatePayloadSchema satisfies FormValidateOrFn<GatewayAccountFormValues>,
  gatewayUpdate: gatewayAccountUpdatePayloadSchema satisfies FormValidateOrFn<GatewayAccountFormValues>,
  limit: transactionLimitPayloadSchema satisfies FormValidateOrFn<TransactionLimitFormValues>,
  limitUpdate: transactionLimitUpdatePayloadSchema satisfies FormValidateOrFn<
    Omit<TransactionLimitFormValues, 'payment_method_id'>
  >,
  glAccount: glAccountPayloadSchema satisfies FormValidateOrFn<GlAccountFormValues>,
  mapping: accountMappingItemPayloadSchema satisfies FormValidateOrFn<AccountMappingItemFormValues>,
};

describe('form defaults', () => {
  it('are invalid until filled in, each field with its own message', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const defaults: [keyof typeof forms, unknown, number][] = [
      ['paymentMethod', paymentMethodFormDefaults, 7],
      ['currency', currencyFormDefaults, 5],
      ['charge', chargeFormDefaults(id, '2026-11-21'), 5],
      ['gatewayCreate', gatewayAccountFormDefaults, 4],
      ['limit', transactionLimitFormDefaults(id), 3],
      ['glAccount', glAccountFormDefaults, 4],
      ['mapping', accountMappingItemFormDefaults, 2],
    ];
    for (const [name, values, fields] of defaults) {
      const issues = standardIssues(forms[name], values);
      expect(Object.keys(issues), name).toHaveLength(fields);
      for (const messages of Object.values(issues)) expect(messages, name).toHaveLength(1);
    }
  });
});
