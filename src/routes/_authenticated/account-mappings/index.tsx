import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/account-mappings/')({
  staticData: { permission: PERMISSIONS.viewAccountMapping },
  component: AccountMappingsPage,
});

function AccountMappingsPage() {
  return <UnderConstructionPage title="Account Mapping" />;
}
