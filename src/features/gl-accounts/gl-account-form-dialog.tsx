import {
  GL_ACCOUNT_TYPES,
  type GlAccount,
  type GlAccountFormValues,
  type GlAccountPayload,
  glAccountFormDefaults,
  glAccountPayloadSchema,
} from '@contract/gl-account';
import { Group, Radio } from '@mantine/core';
import { useDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { fieldError } from '@/lib/field-error';
import { humanizeEnum } from '@/lib/format';
import { UI_GL_ACCOUNTS } from './copy';

const T = UI_GL_ACCOUNTS;
const F = T.fields;
/** Spec §9: the GL modal is 400px wide. */
const MODAL_WIDTH = 400;
const TYPE_OPTIONS = GL_ACCOUNT_TYPES.map((type) => ({ value: type, label: humanizeEnum(type) }));

function valuesOf(account: GlAccount | null): GlAccountFormValues {
  if (!account) return glAccountFormDefaults;
  return {
    name: account.name,
    type: account.type,
    manual_journal_entries_allowed: account.manual_journal_entries_allowed,
    description: account.description,
  };
}

export type GlAccountFormDialogProps = RecordDialogProps<'account', GlAccount, GlAccountPayload>;

/** Add Gl Account and Update GL Account (spec §2), with the spec §5 rules of contract/gl-account.ts. */
export const GlAccountFormDialog = recordFormDialog<'account', GlAccount, GlAccountPayload>(
  'account',
  GlAccountForm,
  {
    titles: [T.addTitle, T.updateTitle],
    size: MODAL_WIDTH,
  },
);

function GlAccountForm({ account, onSubmit, onClose }: GlAccountFormDialogProps) {
  // A refusal (a taken name, a locked type) keeps the dialog open with what was typed.
  const form = useDialogForm({
    defaultValues: valuesOf(account),
    schema: glAccountPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });

  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={account ? T.save : T.submit} onCancel={onClose}>
        <form.AppField name="name">
          {(field) => <field.TextField label={F.name} withAsterisk />}
        </form.AppField>
        <form.AppField name="type">
          {(field) => (
            <field.SelectField
              label={F.type}
              placeholder={F.typePlaceholder}
              withAsterisk
              data={TYPE_OPTIONS}
            />
          )}
        </form.AppField>
        <form.AppField name="manual_journal_entries_allowed">
          {(field) => (
            <Radio.Group
              label={F.manual}
              withAsterisk
              value={field.state.value === null ? null : String(field.state.value)}
              onChange={(value) => field.handleChange(value === 'true')}
              error={fieldError(field.state.meta.errors)}
            >
              <Group gap="lg" mt={4}>
                <Radio value="true" label={F.manualYes} />
                <Radio value="false" label={F.manualNo} />
              </Group>
            </Radio.Group>
          )}
        </form.AppField>
        <form.AppField name="description">
          {(field) => <field.TextareaField label={F.description} withAsterisk rows={3} />}
        </form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}
