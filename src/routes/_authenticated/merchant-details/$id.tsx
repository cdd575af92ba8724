import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/merchant-details/$id')({
  staticData: { permission: PERMISSIONS.viewMerchant },
  component: MerchantDetailsPage,
});

function MerchantDetailsPage() {
  return <UnderConstructionPage title="Merchant Details" />;
}
