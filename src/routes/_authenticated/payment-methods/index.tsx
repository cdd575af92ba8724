import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/payment-methods/')({
  staticData: { permission: PERMISSIONS.viewPaymentMethod },
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  return <UnderConstructionPage title="Payment Methods" />;
}
