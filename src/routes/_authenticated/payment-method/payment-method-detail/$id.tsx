import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/payment-method/payment-method-detail/$id')({
  staticData: { permission: PERMISSIONS.viewPaymentMethod },
  component: PaymentMethodDetailPage,
});

function PaymentMethodDetailPage() {
  return <UnderConstructionPage title="Payment Method" />;
}
