import {
  GL_ACCOUNT_TYPES,
  type GlAccount,
  type GlAccountPayload,
  glAccountFormDefaults,
  glAccountPayloadSchema,
} from '@contract/gl-account';
import { Group, Radio } from '@mantine/core';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { fieldError } from '@/lib/field-error';
import { humanizeEnum } from '@/lib/format';
import { UI_GL_ACCOUNTS } from './copy';

const T = UI_GL_ACCOUNTS;
const F = T.fields;
/** Spec §9: the GL modal is 400px wide. */
const MODAL_WIDTH = 400;
const TYPE_OPTIONS = GL_ACCOUNT_TYPES.map((type) => ({ value: type, label: humanizeEnum(type) }));
const NAME_AND_TYPE: FieldSpec[] = [
  { name: 'name', input: 'text', label: F.name, withAsterisk: true },
  {
    name: 'type',
    input: 'select',
    label: F.type,
    placeholder: F.typePlaceholder,
    withAsterisk: true,
    data: TYPE_OPTIONS,
  },
];
const DESCRIPTION: FieldSpec[] = [
  { name: 'description', input: 'textarea', label: F.description, withAsterisk: true, rows: 3 },
];

export type GlAccountFormDialogProps = RecordDialogProps<'account', GlAccount, GlAccountPayload>;

/** Add Gl Account and Update GL Account (spec §2), with the spec §5 rules of contract/gl-account.ts. */
export const GlAccountFormDialog = recordFormDialog<'account', GlAccount, GlAccountPayload>(
  'account',
  GlAccountForm,
  { titles: [T.addTitle, T.updateTitle], size: MODAL_WIDTH },
);

function GlAccountForm({ account, ...props }: GlAccountFormDialogProps) {
  // A refusal (a taken name, a locked type) keeps the dialog open with what was typed.
  const form = useRecordDialogForm(account, glAccountFormDefaults, glAccountPayloadSchema, props);
  const { onClose } = props;

  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={account ? T.save : T.submit} onCancel={onClose}>
        <form.Fields fields={NAME_AND_TYPE} />
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
        <form.Fields fields={DESCRIPTION} />
      </form.DialogBody>
    </form.AppForm>
  );
}
