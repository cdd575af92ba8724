/**
 * Spec §4 merchant status machine, without HTTP or SQL: which commands a status offers and where a
 * command leads. The table itself is the contract's (the console shows the same buttons).
 */
import {
  MERCHANT_COMMAND_TARGET,
  MERCHANT_COMMANDS_BY_STATUS,
  MERCHANT_STATUSES,
  type MerchantCommand,
  type MerchantStatus,
} from '@contract/merchant';

export function canApply(status: MerchantStatus, command: MerchantCommand): boolean {
  return MERCHANT_COMMANDS_BY_STATUS[status].includes(command);
}

/** The statuses a command may start from: the `status IN (...)` of the conditional UPDATE. */
export function statusesAllowing(command: MerchantCommand): MerchantStatus[] {
  return MERCHANT_STATUSES.filter((status) => canApply(status, command));
}

export function targetOf(command: MerchantCommand): MerchantStatus {
  return MERCHANT_COMMAND_TARGET[command];
}

/** The status after the command, or null when the command does not apply (the API answers 409). */
export function transition(status: MerchantStatus, command: MerchantCommand): MerchantStatus | null {
  return canApply(status, command) ? targetOf(command) : null;
}
