/**
 * The permission matrix of spec §6 as data. A permission is a role name inside one entry of the
 * token's `resource_access` claim; the entry's key is the permission type. The console reads this
 * to show or hide things; the server reads the same table to allow or refuse calls.
 */

/** The product's admin resource type: the Keycloak-style client that holds `uma_protection`. */
export const ADMIN_RESOURCE_TYPE = 'back-office';

export const PERMISSION_TYPES = [
  ADMIN_RESOURCE_TYPE,
  'merchant',
  'merchant-account',
  'transaction',
  'payment-method',
  'gateway-account',
  'currency',
  'charges',
  'gl-account',
  'account-mapping',
  'journal-entry',
  // Ours (docs/spec-deviations.md): the staff and roles screens.
  'user',
  'role',
  // Ours (docs/spec-deviations.md 73): four-eyes approvals.
  'approval',
  // Ours (docs/spec-deviations.md 69): chargebacks.
  'dispute',
  // Ours (docs/spec-deviations.md 71): closing months and the financial reports.
  'books',
  // Ours (docs/spec-deviations.md 67): the platform's API clients.
  'api-client',
  // Ours (docs/spec-deviations.md 65): the audit log.
  'audit-log',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export interface Permission {
  readonly name: string;
  readonly type: PermissionType;
}

function p<T extends PermissionType, N extends string>(name: N, type: T) {
  return { name, type } as const;
}

export const PERMISSIONS = {
  dashboard: p('uma_protection', ADMIN_RESOURCE_TYPE),

  viewMerchant: p('view-merchant', 'merchant'),
  changeStatusMerchant: p('change-status-merchant', 'merchant'),
  viewMerchantAccount: p('view-merchant-account', 'merchant-account'),

  viewTransactions: p('view-transactions', 'transaction'),
  changePayoutStatus: p('change-payout-status', 'transaction'),
  // Ours (docs/spec-deviations.md 69): refund a payment from the transaction drawer.
  refundTransaction: p('refund-transaction', 'transaction'),

  viewPaymentMethod: p('view-payment-method', 'payment-method'),
  createPaymentMethod: p('create-payment-method', 'payment-method'),
  updatePaymentMethod: p('update-payment-method', 'payment-method'),
  changeStatusPaymentMethod: p('change-status-payment-method', 'payment-method'),

  viewGatewayAccount: p('view-gateway-account', 'gateway-account'),
  createGatewayAccount: p('create-gateway-account', 'gateway-account'),
  updateGatewayAccount: p('update-gateway-account', 'gateway-account'),

  viewCurrency: p('view-currency', 'currency'),
  updateCurrency: p('update-currency', 'currency'),
  deleteCurrency: p('delete-currency', 'currency'),

  viewCharge: p('view-charge', 'charges'),
  createCharge: p('create-charge', 'charges'),
  updateCharge: p('update-charge', 'charges'),
  deleteCharge: p('delete-charge', 'charges'),

  viewGlAccount: p('view-gl-account', 'gl-account'),
  createGlAccount: p('create-gl-account', 'gl-account'),
  updateGlAccount: p('update-gl-account', 'gl-account'),

  viewAccountMapping: p('view-account-mapping', 'account-mapping'),
  createAccountMapping: p('create-account-mapping', 'account-mapping'),

  viewJournalEntry: p('view-journal-entry', 'journal-entry'),
  // Ours (docs/spec-deviations.md 71): manual journals, reversals, closed periods, reports.
  createJournalEntry: p('create-journal-entry', 'journal-entry'),
  reverseJournalEntry: p('reverse-journal-entry', 'journal-entry'),
  viewReports: p('view-reports', 'books'),
  closePeriod: p('close-period', 'books'),
  reopenPeriod: p('reopen-period', 'books'),

  // Ours: staff users and roles (docs/spec-deviations.md).
  viewUser: p('view-user', 'user'),
  createUser: p('create-user', 'user'),
  updateUser: p('update-user', 'user'),
  viewRole: p('view-role', 'role'),
  updateRole: p('update-role', 'role'),
  // Ours (docs/spec-deviations.md 73): four-eyes approvals (/approvals, /approval-rules).
  viewApproval: p('view-approval', 'approval'),
  decideApproval: p('decide-approval', 'approval'),
  manageApprovalRules: p('manage-approval-rules', 'approval'),
  // Ours (docs/spec-deviations.md 69): chargebacks (/disputes).
  viewDispute: p('view-dispute', 'dispute'),
  manageDispute: p('manage-dispute', 'dispute'),
  // Ours (docs/spec-deviations.md 67): the platform's API clients (/api-clients).
  viewApiClient: p('view-api-client', 'api-client'),
  manageApiClient: p('manage-api-client', 'api-client'),
  // Ours (docs/spec-deviations.md 65): the audit log (/audit-log).
  viewAuditLog: p('view-audit-log', 'audit-log'),
} as const satisfies Record<string, Permission>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** The `resource_access` claim, also what the console stores under `permissions` (spec §3, §7). */
export type PermissionMap = Partial<Record<string, { roles: string[] }>>;

/** Spec §6: allowed when the map has the type and its roles include the name; nothing stored denies. */
export function hasPermission(map: PermissionMap | null | undefined, permission: Permission): boolean {
  if (!map) return false;
  const entry = map[permission.type];
  return Array.isArray(entry?.roles) && entry.roles.includes(permission.name);
}

/** Builds a `resource_access` claim holding exactly the given permissions. */
export function toPermissionMap(permissions: readonly Permission[]): PermissionMap {
  const map: Record<string, { roles: string[] }> = {};
  for (const { name, type } of permissions) {
    const entry = map[type] ?? { roles: [] };
    if (!entry.roles.includes(name)) entry.roles.push(name);
    map[type] = entry;
  }
  return map;
}

export interface SidebarItem {
  readonly label: string;
  readonly to: string;
  readonly permission: Permission;
}

/** Spec §6 sidebar items, in the order of spec §1. */
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/', permission: PERMISSIONS.dashboard },
  { label: 'Merchants', to: '/merchants', permission: PERMISSIONS.viewMerchant },
  { label: 'Transactions', to: '/transactions', permission: PERMISSIONS.viewTransactions },
  { label: 'Payouts', to: '/payouts', permission: PERMISSIONS.viewTransactions },
  // Ours (docs/spec-deviations.md 69): chargebacks, beside the money screens.
  { label: 'Chargebacks', to: '/disputes', permission: PERMISSIONS.viewDispute },
  { label: 'Payment Methods', to: '/payment-methods', permission: PERMISSIONS.viewPaymentMethod },
  { label: 'Gateway Accounts', to: '/gateway-accounts', permission: PERMISSIONS.viewGatewayAccount },
  { label: 'Currency', to: '/currency', permission: PERMISSIONS.viewCurrency },
  { label: 'GL Accounts', to: '/gl-accounts', permission: PERMISSIONS.viewGlAccount },
  { label: 'Account Mapping', to: '/account-mappings', permission: PERMISSIONS.viewAccountMapping },
  { label: 'Journal Entry', to: '/journal_entry', permission: PERMISSIONS.viewJournalEntry },
  // Ours (docs/spec-deviations.md 71): the financial reports and closing months.
  { label: 'Reports', to: '/reports', permission: PERMISSIONS.viewReports },
  // Ours, after the spec's items: the staff screens.
  { label: 'Users', to: '/users', permission: PERMISSIONS.viewUser },
  { label: 'Roles', to: '/roles', permission: PERMISSIONS.viewRole },
  { label: 'API Clients', to: '/api-clients', permission: PERMISSIONS.viewApiClient },
  { label: 'Approvals', to: '/approvals', permission: PERMISSIONS.viewApproval },
  { label: 'Approval Rules', to: '/approval-rules', permission: PERMISSIONS.manageApprovalRules },
  { label: 'Audit Log', to: '/audit-log', permission: PERMISSIONS.viewAuditLog },
];

/**
 * Detail pages keep their list's link highlighted (spec §2). `/user-detail` is the staff detail
 * screen (ours; the spec names the path for highlighting without showing the screen).
 */
export const DETAIL_PATH_PREFIXES = [
  '/merchant-details',
  '/gateway-account-detail',
  '/payment-method/payment-method-detail',
  '/currency',
  '/user-detail',
] as const;

/**
 * Route table of spec §2: the permission each protected screen needs. `/` (home) needs only a
 * session; its cards are filtered by permission instead.
 */
export const ROUTE_PERMISSIONS = {
  '/transactions': PERMISSIONS.viewTransactions,
  '/payouts': PERMISSIONS.viewTransactions,
  '/disputes': PERMISSIONS.viewDispute,
  '/disputes/$id': PERMISSIONS.viewDispute,
  '/gl-accounts': PERMISSIONS.viewGlAccount,
  '/account-mappings': PERMISSIONS.viewAccountMapping,
  '/journal_entry': PERMISSIONS.viewJournalEntry,
  '/reports': PERMISSIONS.viewReports,
  '/payment-methods': PERMISSIONS.viewPaymentMethod,
  '/payment-method/payment-method-detail/$id': PERMISSIONS.viewPaymentMethod,
  '/gateway-accounts': PERMISSIONS.viewGatewayAccount,
  '/gateway-account-detail/$id': PERMISSIONS.viewGatewayAccount,
  '/currency': PERMISSIONS.viewCurrency,
  '/currency/currency-detail/$id': PERMISSIONS.viewCharge,
  '/merchants': PERMISSIONS.viewMerchant,
  '/merchant-details/$id': PERMISSIONS.viewMerchant,
  '/users': PERMISSIONS.viewUser,
  '/user-detail/$id': PERMISSIONS.viewUser,
  '/roles': PERMISSIONS.viewRole,
  '/api-clients': PERMISSIONS.viewApiClient,
  '/approvals': PERMISSIONS.viewApproval,
  '/approvals/$id': PERMISSIONS.viewApproval,
  '/approval-rules': PERMISSIONS.manageApprovalRules,
  '/audit-log': PERMISSIONS.viewAuditLog,
} as const satisfies Record<string, Permission>;
