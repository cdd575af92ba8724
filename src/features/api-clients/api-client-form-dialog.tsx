import {
  type ApiClient,
  type ApiClientCreateInput,
  type ApiClientCreatePayload,
  apiClientCreatePayloadSchema,
  PLATFORM_SCOPES,
} from '@contract/api-client';
import { Checkbox, Input, Stack } from '@mantine/core';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { fieldError } from '@/lib/field-error';
import { UI_API_CLIENTS } from './copy';

const T = UI_API_CLIENTS;
const NAME: FieldSpec[] = [{ name: 'name', input: 'text', label: T.fields.name, withAsterisk: true }];

const DEFAULTS: ApiClientCreateInput = { name: '', scopes: [] };

export type ApiClientFormDialogProps = RecordDialogProps<'client', ApiClient, ApiClientCreatePayload>;

/** Add API Client: a name and its scopes. */
export const ApiClientFormDialog = recordFormDialog<'client', ApiClient, ApiClientCreatePayload>(
  'client',
  ApiClientForm,
  { titles: [T.addTitle, T.updateTitle] },
);

function ApiClientForm({ client, ...props }: ApiClientFormDialogProps) {
  const form = useRecordDialogForm<ApiClientCreateInput, ApiClientCreatePayload>(
    client,
    DEFAULTS,
    apiClientCreatePayloadSchema,
    props,
  );
  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={T.submit} onCancel={props.onClose}>
        <form.Fields fields={NAME} />
        <form.AppField name="scopes">
          {(field) => {
            const held = new Set<string>(field.state.value);
            const toggle = (scope: string, on: boolean) =>
              field.handleChange(PLATFORM_SCOPES.filter((s) => (s === scope ? on : held.has(s))));
            return (
              <Input.Wrapper label={T.fields.scopes} withAsterisk error={fieldError(field.state.meta.errors)}>
                <Stack gap={6} mt={4}>
                  {PLATFORM_SCOPES.map((scope) => (
                    <Checkbox
                      key={scope}
                      label={T.scopes[scope]}
                      checked={held.has(scope)}
                      onChange={(event) => toggle(scope, event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Input.Wrapper>
            );
          }}
        </form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}
