import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/transactions/')({
  staticData: { permission: PERMISSIONS.viewTransactions },
  component: TransactionsPage,
});

function TransactionsPage() {
  return <UnderConstructionPage title="Transactions" />;
}
