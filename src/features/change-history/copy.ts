import { ACCOUNT_MAPPING_FIELDS } from '@/entities/account-mapping/copy';
import { UI_HISTORY_ENTRY } from '@/entities/change-history/copy';
import { UI_CHARGE } from '@/entities/charge/copy';
import { CURRENCY_FIELDS } from '@/entities/currency/copy';
import { GATEWAY_ACCOUNT_FIELDS } from '@/entities/gateway-account/copy';
import { GL_ACCOUNT_FIELDS } from '@/entities/gl-account/copy';
import { PAYMENT_METHOD_FIELDS, TRANSACTION_LIMIT_FIELDS } from '@/entities/payment-method/copy';

/** A record's status, as every list's Status column names it. */
const STATUS = 'Status';

/**
 * Ours: the change history of a payment method (with its limits), a currency (with its charges)
 * and a gateway account (contract/change-history.ts). Field names are the forms' labels.
 */
export const UI_CHANGE_HISTORY = {
  title: UI_HISTORY_ENTRY.title,
  historyOf: UI_HISTORY_ENTRY.historyOf,
  /** The list's data type: 'There are no Changes' (spec §2's empty state). */
  dataType: 'Changes',
  older: 'Show older changes',
  /** "Edited by Dawit Haile" (the name is bold on screen). */
  actions: {
    CREATE: 'Created',
    UPDATE: 'Edited',
    ACTIVATE: 'Activated',
    DEACTIVATE: 'Deactivated',
    DELETE: 'Deleted',
  },
  by: 'by',
  notRecorded: 'a person not recorded',
  /** What an owned record is, beside its action: "Limit edited". */
  subjects: {
    payment_method: 'Payment method',
    transaction_limit: 'Transaction limit',
    currency: 'Currency',
    charge: 'Charge',
    gateway_account: 'Gateway account',
    gl_account: 'GL account',
    account_mapping: 'Account mapping',
    merchant: 'Merchant',
  },
  none: 'none',
  yes: 'Yes',
  no: 'No',
  /** The change's arrow, read out as words. */
  changedTo: 'changed to',
  fields: {
    payment_method: {
      name: PAYMENT_METHOD_FIELDS.name,
      code: PAYMENT_METHOD_FIELDS.code,
      type: PAYMENT_METHOD_FIELDS.type,
      url: PAYMENT_METHOD_FIELDS.url,
      logo: PAYMENT_METHOD_FIELDS.logo,
      account_number_length: PAYMENT_METHOD_FIELDS.accountNumberLength,
      supported_currencies: PAYMENT_METHOD_FIELDS.supportedCurrencies,
      status: STATUS,
    },
    transaction_limit: {
      interval: TRANSACTION_LIMIT_FIELDS.interval,
      min_amount: TRANSACTION_LIMIT_FIELDS.min,
      max_amount: TRANSACTION_LIMIT_FIELDS.max,
      status: STATUS,
    },
    currency: {
      name: CURRENCY_FIELDS.name,
      name_code: CURRENCY_FIELDS.nameCode,
      display_symbol: CURRENCY_FIELDS.displaySymbol,
      decimal_places: CURRENCY_FIELDS.decimalPlaces,
      in_multiples_of: CURRENCY_FIELDS.inMultiplesOf,
    },
    charge: {
      name: UI_CHARGE.fields.name,
      currency: 'Currency',
      charge_time: UI_CHARGE.fields.chargeTime,
      charge_calculation_method: UI_CHARGE.fields.calculation,
      amount: UI_CHARGE.fields.amount,
      is_range: UI_CHARGE.fields.rangeStatus,
      charge_ranges: UI_CHARGE.fields.ranges,
      fee_on_date: 'Fee On Date',
      fee_interval: 'Fee Interval',
    },
    gateway_account: {
      code: GATEWAY_ACCOUNT_FIELDS.code,
      payment_method: GATEWAY_ACCOUNT_FIELDS.paymentMethod,
      account_number: GATEWAY_ACCOUNT_FIELDS.accountNumber,
      routing_code: GATEWAY_ACCOUNT_FIELDS.routingCode,
      status: GATEWAY_ACCOUNT_FIELDS.status,
    },
    gl_account: {
      name: GL_ACCOUNT_FIELDS.name,
      type: GL_ACCOUNT_FIELDS.type,
      description: GL_ACCOUNT_FIELDS.description,
      manual_journal_entries_allowed: GL_ACCOUNT_FIELDS.manual,
      status: STATUS,
    },
    merchant: { status: STATUS },
    account_mapping: {
      financial_account_type: ACCOUNT_MAPPING_FIELDS.financialAccountType,
      payment_method: ACCOUNT_MAPPING_FIELDS.paymentMethod,
      gl_account: ACCOUNT_MAPPING_FIELDS.glAccount,
      charge: ACCOUNT_MAPPING_FIELDS.charge,
    },
  } satisfies Record<string, Record<string, string>>,
} as const;
