import {
  type GatewayAccount,
  type GatewayAccountCreatePayload,
  type GatewayAccountFormValues,
  gatewayAccountCreateFormSchema,
  gatewayAccountFormDefaults,
  gatewayAccountUpdatePayloadSchema,
} from '@contract/gateway-account';
import type { PaymentMethod } from '@contract/payment-method';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type * as v from 'valibot';
import { useDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { UI_GATEWAY_ACCOUNTS } from './copy';
import { numberLabel } from './number-label';

const T = UI_GATEWAY_ACCOUNTS;
const F = T.fields;

/** What a create and an update send alike (the server holds only a create to the method's length). */
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

export type GatewayAccountFormDialogProps = RecordDialogProps<
  'account',
  GatewayAccount,
  GatewayAccountFormPayload
>;

/** Add and edit a gateway account with the spec §5 rules; the balance is the ledger's, never typed. */
export const GatewayAccountFormDialog = recordFormDialog<
  'account',
  GatewayAccount,
  GatewayAccountFormPayload
>('account', GatewayAccountForm, {
  titles: [T.addTitle, T.editTitle],
});

/** The payment methods to choose from: the first 100 (spec deviation 4), plus the account's own if beyond them. */
function useMethodChoices(account: GatewayAccount | null) {
  const query = useQuery(paymentMethodQueries.forForms());
  const loaded = query.data?.contents;
  const own = account?.payment_method;
  // Kept while the list is the same, so the form's schema (which reads the lengths) is too.
  const methods = useMemo(() => {
    const list: Pick<PaymentMethod, 'id' | 'name' | 'type' | 'account_number_length'>[] = [...(loaded ?? [])];
    if (own && !list.some((m) => m.id === own.id)) list.push({ ...own, account_number_length: 0 });
    return list;
  }, [loaded, own]);
  return { methods, failed: query.isError };
}

function GatewayAccountForm({ account, onSubmit, onClose }: GatewayAccountFormDialogProps) {
  const choices = useMethodChoices(account);
  const { methods } = choices;
  // Spec §5 asks only that the number be there on edit; both schemas still take digits only (issue 18).
  // On add the chosen method's length is checked here too, as the server does (the hint shows it).
  const schema: v.GenericSchema<GatewayAccountFormValues, GatewayAccountFormPayload> = useMemo(
    () =>
      account
        ? gatewayAccountUpdatePayloadSchema
        : gatewayAccountCreateFormSchema((id) => methods.find((m) => m.id === id)?.account_number_length),
    [account, methods],
  );
  const form = useDialogForm({ defaultValues: valuesOf(account), schema, onSubmit, onSaved: onClose });
  const options = choices.methods.map((m) => ({ value: m.id, label: m.name }));

  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={T.save} onCancel={onClose}>
        <form.AppField name="code">
          {(field) => <field.TextField label={F.code} withAsterisk />}
        </form.AppField>
        <form.AppField name="payment_method_id">
          {(field) => (
            <field.SelectField
              label={F.paymentMethod}
              withAsterisk
              searchable
              placeholder={T.paymentMethodPlaceholder}
              data={options}
              fallbackError={choices.failed ? T.paymentMethodsFailed : undefined}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.payment_method_id}>
          {(methodId) => {
            const method = choices.methods.find((m) => m.id === methodId);
            return (
              <form.AppField name="account_number">
                {(field) => (
                  <field.TextField
                    label={numberLabel(method?.type)}
                    withAsterisk
                    inputMode="numeric"
                    // The length rule is the method's; shown on add, where the server enforces it.
                    description={
                      !account && method?.account_number_length
                        ? T.digits(method.account_number_length)
                        : undefined
                    }
                  />
                )}
              </form.AppField>
            );
          }}
        </form.Subscribe>
        <form.AppField name="routing_code">
          {(field) => <field.TextField label={F.routingCode} withAsterisk />}
        </form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}
