import type { PayoutCommand, Transaction } from '@contract/transaction';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UI_PAYOUTS } from './copy';

export interface PayoutDecision {
  transaction: Transaction;
  command: PayoutCommand;
}

interface PayoutDecisionDialogProps {
  decision: PayoutDecision | null;
  onConfirm: (decision: PayoutDecision) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before approving or rejecting a payout request (spec §2 "Shared dialogs"). */
export function PayoutDecisionDialog({ decision, onConfirm, onClose }: PayoutDecisionDialogProps) {
  const code = decision?.transaction.reference.txn_ref ?? '';
  const approve = decision?.command !== 'reject';
  return (
    <ConfirmDialog
      opened={decision !== null}
      type={approve ? 'ACTIVATE' : 'DEACTIVATE'}
      title={approve ? UI_PAYOUTS.approveTitle : UI_PAYOUTS.rejectTitle}
      message={approve ? UI_PAYOUTS.approveMessage(code) : UI_PAYOUTS.rejectMessage(code)}
      confirmLabel={approve ? UI_PAYOUTS.approve : UI_PAYOUTS.reject}
      onConfirm={() => (decision ? onConfirm(decision) : undefined)}
      onClose={onClose}
    />
  );
}
