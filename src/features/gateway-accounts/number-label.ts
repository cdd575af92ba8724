import type { PaymentMethodType } from '@contract/payment-method';
import { UI_GATEWAY_ACCOUNTS } from './copy';

/** Spec §5: the number is an Account Number for a BANK method and a Phone Number otherwise. */
export function numberLabel(type: PaymentMethodType | null | undefined): string {
  return !type || type === 'BANK'
    ? UI_GATEWAY_ACCOUNTS.fields.accountNumber
    : UI_GATEWAY_ACCOUNTS.fields.phoneNumber;
}
