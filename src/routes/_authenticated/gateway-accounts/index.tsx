import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/gateway-accounts/')({
  staticData: { permission: PERMISSIONS.viewGatewayAccount },
  component: GatewayAccountsPage,
});

function GatewayAccountsPage() {
  return <UnderConstructionPage title="Gateway Accounts" />;
}
