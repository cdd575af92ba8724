import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/gl-accounts/')({
  staticData: { permission: PERMISSIONS.viewGlAccount },
  component: GlAccountsPage,
});

function GlAccountsPage() {
  return <UnderConstructionPage title="GL Accounts" />;
}
