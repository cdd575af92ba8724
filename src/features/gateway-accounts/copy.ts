import { GATEWAY_ACCOUNT_FIELDS } from '@/entities/gateway-account/copy';

/**
 * Gateway accounts (`/gateway-accounts`) and an account's detail (spec §2). The spec names the
 * columns, fields and the detail's breadcrumb; the buttons', dialogs' and hints' wording is ours.
 */
export const UI_GATEWAY_ACCOUNTS = {
  title: 'Gateway Accounts',
  dataType: 'Gateway Accounts',
  search: 'Search gateway accounts',
  add: 'Add Gateway Account',
  addTitle: 'Add Gateway Account',
  editTitle: 'Edit Gateway Account',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    logo: 'Logo',
    code: 'Code',
    paymentMethod: 'Payment Method',
    accountNumber: 'Account Number',
    totalBalance: 'Total Balance',
    routingCode: 'Routing Code',
    status: 'Status',
    actions: 'Actions',
  },
  fields: GATEWAY_ACCOUNT_FIELDS,
  paymentMethodPlaceholder: 'Select a payment method',
  paymentMethodsFailed: 'Failed to load payment methods',
  digits: (length: number) => `${length} digits`,
  edit: 'Edit',
  editOf: (code: string) => `Edit ${code}`,
  activate: 'Activate',
  deactivate: 'Deactivate',
  activateTitle: 'Activate gateway account',
  deactivateTitle: 'Deactivate gateway account',
  activateMessage: (code: string) => `Activate ${code}? Money can be routed through it again.`,
  deactivateMessage: (code: string) => `Deactivate ${code}? No money will be routed through it.`,
  detailTitle: 'Gateway Account Details',
  notFound: 'This gateway account does not exist.',
  statuses: { ACTIVE: 'Active', INACTIVE: 'Inactive' },
} as const;
