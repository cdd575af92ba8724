import type { AccountMappingItemPayload } from '@contract/account-mapping';
import { describe, expect, it } from 'vitest';
import { payloadOf, stageRow } from './staged-mappings';

const lookups = {
  glAccountName: (id: string) => (id === 'gl' ? 'Cash at gateways' : undefined),
  paymentMethodName: (id: string) => (id === 'pm' ? 'telebirr' : undefined),
  chargeLabel: (id: string) => (id === 'ch' ? 'Fee (2.5 ETB)' : undefined),
};

function item(payment_method_id: string | null, charge_id: string | null): AccountMappingItemPayload {
  return { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: 'gl', payment_method_id, charge_id };
}

describe('staged mappings', () => {
  it('keeps payment method and charge when both are chosen', () => {
    const row = stageRow(1, item('pm', 'ch'), lookups);
    expect(row.item).toEqual(item('pm', 'ch'));
    expect(row.labels).toEqual({
      glAccount: 'Cash at gateways',
      paymentMethod: 'telebirr',
      charge: 'Fee (2.5 ETB)',
    });
    expect(payloadOf([row])).toEqual([
      {
        financial_account_type: 'RECEIVE_CONTROL',
        gl_account_id: 'gl',
        payment_method_id: 'pm',
        charge_id: 'ch',
      },
    ]);
  });

  it.each([
    ['only a payment method', 'pm', null],
    ['only a charge', null, 'ch'],
    ['neither', null, null],
  ])('with %s, carries only the type and the GL account (spec §2)', (_, method, charge) => {
    const row = stageRow(2, item(method, charge), lookups);
    expect(row.item).toEqual(item(null, null));
    expect(row.labels).toEqual({ glAccount: 'Cash at gateways', paymentMethod: '---', charge: '---' });
    expect(payloadOf([row])).toEqual([{ financial_account_type: 'RECEIVE_CONTROL', gl_account_id: 'gl' }]);
  });
});
