import {
  type GatewayAccount,
  type GatewayAccountCreatePayload,
  type GatewayAccountFormValues,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountFormDefaults,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import { UI_GATEWAY_ACCOUNTS } from '@contract/messages';
import type { PaymentMethod } from '@contract/payment-method';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { numberLabel } from './number-label';

const T = UI_GATEWAY_ACCOUNTS;
const F = T.fields;

/** What a create and an update send alike (the update schema only relaxes the number's rule). */
export type GatewayAccountFormPayload = GatewayAccountCreatePayload;

function valuesOf(account: GatewayAccount | null): GatewayAccountFormValues {
  if (!account) return gatewayAccountFormDefaults;
  return {
    code: account.code,
    payment_method_id: account.payment_method.id,
    account_number: account.account_number,
    routing_code: account.routing_code,
  };
}

export interface GatewayAccountFormDialogProps {
  opened: boolean;
  /** The account to edit; null adds one. */
  account: GatewayAccount | null;
  /** Resolves when saved (the dialog then closes); rejects on a refusal (it stays open). */
  onSubmit: (payload: GatewayAccountFormPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add and edit a gateway account with the spec §5 rules; the balance is the ledger's, never typed. */
export function GatewayAccountFormDialog({
  opened,
  account,
  onSubmit,
  onClose,
}: GatewayAccountFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? T.editTitle : T.addTitle}
      closeButtonProps={{ 'aria-label': T.close }}
      centered
    >
      {opened ? (
        <GatewayAccountForm
          key={account?.id ?? 'new'}
          account={account}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

/** The payment methods to choose from: the first 100 (DESIGN §6.4), plus the account's own if beyond them. */
function useMethodChoices(account: GatewayAccount | null) {
  const query = useQuery(paymentMethodQueries.forForms());
  const methods: Pick<PaymentMethod, 'id' | 'name' | 'type' | 'account_number_length'>[] = [
    ...(query.data?.contents ?? []),
  ];
  const own = account?.payment_method;
  if (own && !methods.some((m) => m.id === own.id)) methods.push({ ...own, account_number_length: 0 });
  return { methods, failed: query.isError };
}

function GatewayAccountForm({ account, onSubmit, onClose }: Omit<GatewayAccountFormDialogProps, 'opened'>) {
  const choices = useMethodChoices(account);
  // On add the number is a positive integer; on edit it is only required (spec §5).
  const schema: v.GenericSchema<GatewayAccountFormValues, GatewayAccountFormPayload> = account
    ? gatewayAccountUpdatePayloadSchema
    : gatewayAccountCreatePayloadSchema;
  const form = useForm({
    defaultValues: valuesOf(account),
    validationLogic: revalidateLogic(),
    validators: { onDynamic: schema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(schema, value));
        onClose();
      } catch {
        // Refused: fetchData toasted the server's message; the form stays open to correct it.
      }
    },
  });
  const options = choices.methods.map((m) => ({ value: m.id, label: m.name }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.Field name="code">
          {(field) => (
            <TextInput
              label={F.code}
              withAsterisk
              value={field.state.value}
              onChange={(event) => field.handleChange(event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="payment_method_id">
          {(field) => (
            <Select
              label={F.paymentMethod}
              withAsterisk
              searchable
              placeholder={T.paymentMethodPlaceholder}
              data={options}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={
                fieldError(field.state.meta.errors) ?? (choices.failed ? T.paymentMethodsFailed : undefined)
              }
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.payment_method_id}>
          {(methodId) => {
            const method = choices.methods.find((m) => m.id === methodId);
            const label = numberLabel(method?.type);
            return (
              <form.Field name="account_number">
                {(field) => (
                  <TextInput
                    label={label}
                    withAsterisk
                    inputMode="numeric"
                    // The length rule is the method's; shown on add, where the server enforces it.
                    description={
                      !account && method?.account_number_length
                        ? T.digits(method.account_number_length)
                        : undefined
                    }
                    value={field.state.value}
                    onChange={(event) => field.handleChange(event.currentTarget.value)}
                    onBlur={field.handleBlur}
                    error={fieldError(field.state.meta.errors)}
                  />
                )}
              </form.Field>
            );
          }}
        </form.Subscribe>
        <form.Field name="routing_code">
          {(field) => (
            <TextInput
              label={F.routingCode}
              withAsterisk
              value={field.state.value}
              onChange={(event) => field.handleChange(event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button type="submit" loading={submitting}>
                {T.save}
              </Button>
            )}
          </form.Subscribe>
        </Group>
      </Stack>
    </form>
  );
}
