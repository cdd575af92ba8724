import type { Currency } from '@contract/currency';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UI_CURRENCIES } from './copy';

interface CurrencyDeleteDialogProps {
  currency: Currency | null;
  onConfirm: (currency: Currency) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting a currency (spec §2 "Shared dialogs"). */
export function CurrencyDeleteDialog({ currency, onConfirm, onClose }: CurrencyDeleteDialogProps) {
  return (
    <ConfirmDialog
      opened={currency !== null}
      type="DEACTIVATE"
      title={UI_CURRENCIES.deleteTitle}
      message={currency ? UI_CURRENCIES.deleteMessage(currency.name, currency.name_code) : undefined}
      confirmLabel={UI_CURRENCIES.delete}
      onConfirm={() => (currency ? onConfirm(currency) : undefined)}
      onClose={onClose}
    />
  );
}
