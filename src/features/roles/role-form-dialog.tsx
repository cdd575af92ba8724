import { ALL_PERMISSIONS, PERMISSION_TYPES } from '@contract/permissions';
import { type Role, type RoleInput, type RolePayload, rolePayloadSchema } from '@contract/role';
import { Checkbox, Fieldset, Input, SimpleGrid, Stack } from '@mantine/core';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { fieldError } from '@/lib/field-error';
import { UI_ROLES } from './copy';

const T = UI_ROLES;
const NAME: FieldSpec[] = [{ name: 'name', input: 'text', label: T.fields.name, withAsterisk: true }];
const GROUPS = PERMISSION_TYPES.map((type) => ({
  type,
  permissions: ALL_PERMISSIONS.filter((p) => p.type === type),
})).filter((group) => group.permissions.length > 0);

interface RoleFormValues {
  name: string;
  permissions: string[];
}
const DEFAULTS: RoleFormValues = { name: '', permissions: [] };

export type RoleFormDialogProps = RecordDialogProps<'role', Role, RolePayload>;

/** Add Role and Update Role: a name and the permission matrix, one group per permission type. */
export const RoleFormDialog = recordFormDialog<'role', Role, RolePayload>('role', RoleForm, {
  titles: [T.addTitle, T.updateTitle],
  size: 720,
});

function RoleForm({ role, ...props }: RoleFormDialogProps) {
  const form = useRecordDialogForm<RoleInput & RoleFormValues, RolePayload>(
    role,
    DEFAULTS,
    rolePayloadSchema,
    props,
  );
  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={role ? T.save : T.submit} onCancel={props.onClose}>
        <form.Fields fields={NAME} />
        <form.AppField name="permissions">
          {(field) => {
            const held = new Set(field.state.value);
            const toggle = (name: string, on: boolean) =>
              field.handleChange(
                ALL_PERMISSIONS.map((p) => p.name).filter((n) => (n === name ? on : held.has(n))),
              );
            return (
              <Input.Wrapper label={T.fields.permissions} error={fieldError(field.state.meta.errors)}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt={4}>
                  {GROUPS.map((group) => (
                    <Fieldset key={group.type} legend={T.types[group.type]} p="xs">
                      <Stack gap={6}>
                        {group.permissions.map((p) => (
                          <Checkbox
                            key={p.name}
                            label={p.name}
                            checked={held.has(p.name)}
                            onChange={(event) => toggle(p.name, event.currentTarget.checked)}
                          />
                        ))}
                      </Stack>
                    </Fieldset>
                  ))}
                </SimpleGrid>
              </Input.Wrapper>
            );
          }}
        </form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}
