/**
 * What a set of permissions lets a person do, in words, derived from the permission data: the
 * start-up banner and the README's demo sign-ins both say it this one way, so they cannot drift
 * from what the console shows and the server allows.
 */
import { hasPermission, PERMISSIONS, type Permission, SIDEBAR_ITEMS, toPermissionMap } from './permissions';

/** Parts of a screen that have a permission of their own; named when a person opens the screen. */
const SCREEN_PARTS: readonly {
  readonly screen: string;
  readonly part: string;
  readonly permission: Permission;
}[] = [
  { screen: 'Merchants', part: 'merchant bank accounts', permission: PERMISSIONS.viewMerchantAccount },
  { screen: 'Currency', part: 'currency charges', permission: PERMISSIONS.viewCharge },
];

/** Every permission that changes something, as an action. A new one without a label reads as its name. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  [PERMISSIONS.changeStatusMerchant.name]: 'change merchant status',
  [PERMISSIONS.changePayoutStatus.name]: 'approve and reject payouts',
  [PERMISSIONS.refundTransaction.name]: 'refund payments',
  [PERMISSIONS.manageDispute.name]: 'open and decide chargebacks',
  [PERMISSIONS.createPaymentMethod.name]: 'add payment methods',
  [PERMISSIONS.updatePaymentMethod.name]: 'edit payment methods',
  [PERMISSIONS.changeStatusPaymentMethod.name]: 'change payment method status',
  [PERMISSIONS.createGatewayAccount.name]: 'add gateway accounts',
  [PERMISSIONS.updateGatewayAccount.name]: 'edit gateway accounts',
  [PERMISSIONS.updateCurrency.name]: 'edit currencies',
  [PERMISSIONS.deleteCurrency.name]: 'delete currencies',
  [PERMISSIONS.createCharge.name]: 'add charges',
  [PERMISSIONS.updateCharge.name]: 'edit charges',
  [PERMISSIONS.deleteCharge.name]: 'delete charges',
  [PERMISSIONS.createGlAccount.name]: 'add GL accounts',
  [PERMISSIONS.updateGlAccount.name]: 'edit GL accounts',
  [PERMISSIONS.createAccountMapping.name]: 'add account mappings',
  [PERMISSIONS.createUser.name]: 'add staff users',
  [PERMISSIONS.updateUser.name]: 'edit, deactivate and reset staff users',
  [PERMISSIONS.updateRole.name]: 'edit roles',
  [PERMISSIONS.createJournalEntry.name]: 'post manual journals',
  [PERMISSIONS.reverseJournalEntry.name]: 'reverse journals',
  [PERMISSIONS.closePeriod.name]: 'close months',
  [PERMISSIONS.reopenPeriod.name]: 'reopen months',
  [PERMISSIONS.decideApproval.name]: 'approve and reject approval requests',
  [PERMISSIONS.manageApprovalRules.name]: 'set approval rules',
  [PERMISSIONS.manageApiClient.name]: 'add and revoke API clients',
};

/** A permission that opens or shows something rather than changing it. */
function isViewing(permission: Permission): boolean {
  return permission.name.startsWith('view-') || permission === PERMISSIONS.dashboard;
}

const ALL_ACTIONS: readonly Permission[] = Object.values(PERMISSIONS).filter((p) => !isViewing(p));

export interface AccessSummary {
  /** Sidebar screens the person opens, in sidebar order, with their permissioned parts. */
  readonly opens: string;
  /** What the person may do, as verbs: `change nothing`, `add GL accounts, …`. */
  readonly may: string;
}

function list(items: readonly string[]): string {
  return items.join(', ');
}

export function summarizeAccess(permissions: readonly Permission[]): AccessSummary {
  const map = toPermissionMap(permissions);
  const held = (p: Permission) => hasPermission(map, p);

  const screens = SIDEBAR_ITEMS.map((item) => {
    const parts = SCREEN_PARTS.filter((part) => part.screen === item.label);
    const without = parts.filter((part) => !held(part.permission)).map((part) => part.part);
    return { label: item.label, open: held(item.permission), without };
  });
  const open = screens.filter((s) => s.open);
  const closed = screens.filter((s) => !s.open).map((s) => s.label);
  const missingParts = open.flatMap((s) => s.without);

  let opens: string;
  if (open.length === 0) opens = 'no screen';
  else if (closed.length === 0) opens = 'every screen';
  // Naming what is missing is shorter and clearer while most screens are open.
  else if (closed.length < open.length) opens = `every screen but ${list(closed)}`;
  else opens = list(open.map((s) => s.label));
  if (missingParts.length > 0) opens += ` (no ${list(missingParts)})`;

  const actions = ALL_ACTIONS.filter(held);
  let may: string;
  if (actions.length === 0) may = 'change nothing';
  else if (actions.length === ALL_ACTIONS.length) may = 'change everything';
  else may = list(actions.map((p) => ACTION_LABELS[p.name] ?? p.name));

  return { opens, may };
}

/** One line: `opens …; may …`. */
export function describeAccess(permissions: readonly Permission[]): string {
  const { opens, may } = summarizeAccess(permissions);
  return `opens ${opens}; may ${may}`;
}
