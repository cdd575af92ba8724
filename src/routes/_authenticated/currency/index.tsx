import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/currency/')({
  staticData: { permission: PERMISSIONS.viewCurrency },
  component: CurrencyPage,
});

function CurrencyPage() {
  return <UnderConstructionPage title="Currency" />;
}
