import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/currency/currency-detail/$id')({
  staticData: { permission: PERMISSIONS.viewCharge },
  component: CurrencyDetailPage,
});

function CurrencyDetailPage() {
  return <UnderConstructionPage title="Currency" />;
}
