import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/payouts/')({
  staticData: { permission: PERMISSIONS.viewTransactions },
  component: PayoutsPage,
});

function PayoutsPage() {
  return <UnderConstructionPage title="Payouts requests" />;
}
