import {
  GL_ACCOUNT_TYPES,
  type GlAccount,
  type GlAccountFormValues,
  type GlAccountPayload,
  glAccountFormDefaults,
  glAccountPayloadSchema,
} from '@contract/gl-account';
import { UI_LEDGER } from '@contract/messages';
import { Button, Group, Modal, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';
import { humanizeEnum } from '@/lib/format';

const T = UI_LEDGER.glAccounts;
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

export interface GlAccountFormDialogProps {
  opened: boolean;
  /** The account to update; null adds a new one. */
  account: GlAccount | null;
  /** Sends the payload; resolves when saved (the dialog then closes), rejects on a refusal (it stays open). */
  onSubmit: (payload: GlAccountPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add Gl Account and Update GL Account (spec §2), with the spec §5 rules of contract/gl-account.ts. */
export function GlAccountFormDialog({ opened, account, onSubmit, onClose }: GlAccountFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? T.updateTitle : T.addTitle}
      centered
      size={MODAL_WIDTH}
    >
      {/* Keyed so each opening starts from the chosen account's values, not the last form's. */}
      {opened ? (
        <GlAccountForm key={account?.id ?? 'new'} account={account} onSubmit={onSubmit} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function GlAccountForm({ account, onSubmit, onClose }: Omit<GlAccountFormDialogProps, 'opened'>) {
  const form = useForm({
    defaultValues: valuesOf(account),
    // Checked on submit first, then on every change, so a corrected field loses its message at once.
    validationLogic: revalidateLogic(),
    validators: { onDynamic: glAccountPayloadSchema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(glAccountPayloadSchema, value));
        onClose();
      } catch {
        // Refused (a taken name, a locked type): fetchData toasted the server's message; the form
        // stays open with what was typed.
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.Field name="name">
          {(field) => (
            <TextInput
              label={F.name}
              withAsterisk
              value={field.state.value}
              onChange={(event) => field.handleChange(event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="type">
          {(field) => (
            <Select
              label={F.type}
              placeholder={F.typePlaceholder}
              withAsterisk
              data={TYPE_OPTIONS}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="manual_journal_entries_allowed">
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
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <Textarea
              label={F.description}
              withAsterisk
              rows={3}
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
                {account ? T.save : T.submit}
              </Button>
            )}
          </form.Subscribe>
        </Group>
      </Stack>
    </form>
  );
}
