import type { PaymentMethod, PaymentMethodPayload } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { UI_KIT } from '@/components/copy';
import { InitialsAvatar } from '@/components/initials-avatar';
import { StatusBadge } from '@/components/status-badge';
import { ACTIVATE_BUTTON_STYLES, ACTIVE_STATUS_COLORS, commandFor } from '@/lib/activation';
import { displayUrl, externalUrl } from '@/lib/format';
import { usePermission } from '@/lib/permissions';
import { useUpdatePaymentMethod } from '@/queries/payment-methods';
import { UI_PAYMENT_METHODS } from './copy';
import { PaymentMethodFormDialog } from './payment-method-form-dialog';
import { PaymentMethodStatusDialog } from './status-dialog';

const T = UI_PAYMENT_METHODS;

/** Breadcrumb back to the list; logo, name, code, type, website and status; Edit and the status action by permission. */
export function PaymentMethodHeader({ method }: { method: PaymentMethod }) {
  const canEdit = usePermission(PERMISSIONS.updatePaymentMethod);
  const canChangeStatus = usePermission(PERMISSIONS.changeStatusPaymentMethod);
  const update = useUpdatePaymentMethod();
  const [editing, setEditing] = useState(false);
  // The method as it was when asked, so the dialog keeps its wording while the list refetches.
  const [changing, setChanging] = useState<PaymentMethod | null>(null);
  const command = commandFor(method.status);

  return (
    <Stack gap="sm">
      <Breadcrumbs component="nav" aria-label={UI_KIT.breadcrumb}>
        <AnchorLink to="/payment-methods" size="sm">
          {T.title}
        </AnchorLink>
        <Text size="sm">{method.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <InitialsAvatar name={method.name} src={method.logo} size={64} />
          <Stack gap={4}>
            <Title order={2}>{method.name}</Title>
            <Group gap="sm">
              <Text c="dimmed" size="sm">
                {method.code} · {T.types[method.type]}
              </Text>
              <Anchor href={externalUrl(method.url)} target="_blank" rel="noopener noreferrer" size="sm">
                {displayUrl(method.url)}
              </Anchor>
              <StatusBadge value={method.status} colors={ACTIVE_STATUS_COLORS} />
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          {canEdit ? (
            <Button variant="default" onClick={() => setEditing(true)}>
              {T.edit}
            </Button>
          ) : null}
          {canChangeStatus ? (
            <Button
              variant="light"
              color={command === 'activate' ? 'green' : 'red'}
              styles={command === 'activate' ? ACTIVATE_BUTTON_STYLES : undefined}
              onClick={() => setChanging(method)}
            >
              {command === 'activate' ? T.activate : T.deactivate}
            </Button>
          ) : null}
        </Group>
      </Group>
      <PaymentMethodFormDialog
        opened={editing}
        method={method}
        onSubmit={(payload: PaymentMethodPayload) => update.mutateAsync({ id: method.id, payload })}
        onClose={() => setEditing(false)}
      />
      <PaymentMethodStatusDialog method={changing} onClose={() => setChanging(null)} />
    </Stack>
  );
}
