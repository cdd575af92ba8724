import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/gateway-account-detail/$id')({
  staticData: { permission: PERMISSIONS.viewGatewayAccount },
  component: GatewayAccountDetailPage,
});

function GatewayAccountDetailPage() {
  return <UnderConstructionPage title="Gateway Account" />;
}
