/**
 * The console's form kit: TanStack Form's `createFormHook` with Mantine inputs bound to a field
 * (value, change, blur and the first schema message), and the dialog forms' shared frame. A form
 * names a field and its label; the wiring lives here once.
 */
import {
  Button,
  Group,
  MultiSelect,
  type MultiSelectProps,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { createFormHook, createFormHookContexts, revalidateLogic, useStore } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** What a bound input takes: everything but what the field supplies. */
type Bound<P> = Omit<P, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** Shown when the field has no message of its own (a failed option load, say). */
  fallbackError?: string | undefined;
};

function useBinding<T>() {
  const field = useFieldContext<T>();
  return {
    field,
    error: (fallback: string | undefined) => fieldError(field.state.meta.errors) ?? fallback,
  };
}

function TextField({ fallbackError, ...props }: Bound<TextInputProps>) {
  const { field, error } = useBinding<string>();
  return (
    <TextInput
      {...props}
      value={field.state.value}
      onChange={(event) => field.handleChange(event.currentTarget.value)}
      onBlur={field.handleBlur}
      error={error(fallbackError)}
    />
  );
}

function TextareaField({ fallbackError, ...props }: Bound<TextareaProps>) {
  const { field, error } = useBinding<string>();
  return (
    <Textarea
      {...props}
      value={field.state.value}
      onChange={(event) => field.handleChange(event.currentTarget.value)}
      onBlur={field.handleBlur}
      error={error(fallbackError)}
    />
  );
}

/** Number inputs hand over `number | string` ('' while empty); the schema decides what is valid. */
function NumberField({ fallbackError, ...props }: Bound<NumberInputProps>) {
  const { field, error } = useBinding<number | string>();
  return (
    <NumberInput
      {...props}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      onBlur={field.handleBlur}
      error={error(fallbackError)}
    />
  );
}

function SelectField({ fallbackError, ...props }: Bound<SelectProps>) {
  const { field, error } = useBinding<string | null>();
  return (
    <Select
      {...props}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      onBlur={field.handleBlur}
      error={error(fallbackError)}
    />
  );
}

function MultiSelectField({ fallbackError, ...props }: Bound<MultiSelectProps>) {
  const { field, error } = useBinding<string[]>();
  return (
    <MultiSelect
      {...props}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      onBlur={field.handleBlur}
      error={error(fallbackError)}
    />
  );
}

/** The `<form>` element: the browser's own checks off (the schema's messages are the spec's). */
function FormElement({ children }: { children: ReactNode }) {
  const form = useFormContext();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Cancel and the submit button, which spins while the submit runs. */
function FormActions({ cancel, submit, onCancel }: { cancel: string; submit: string; onCancel: () => void }) {
  const form = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        {cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submit}
      </Button>
    </Group>
  );
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, NumberField, SelectField, MultiSelectField },
  formComponents: { FormElement, FormActions },
});

export interface DialogFormOptions<TValues, TPayload> {
  defaultValues: TValues;
  /** The contract's payload schema: its messages are the form's, its output what is sent. */
  schema: v.GenericSchema<TValues, TPayload>;
  /** Sends the payload; resolves when saved, rejects on a refusal. */
  onSubmit: (payload: TPayload) => Promise<unknown>;
  /** Called once the payload is saved. */
  onSaved: () => void;
}

/**
 * A dialog's form checked by a contract schema: first on submit, then on every change, so a
 * corrected field loses its message at once. A refused submit keeps the dialog open with what was
 * typed; the API client has already toasted the server's message.
 */
export function useDialogForm<TValues, TPayload>({
  defaultValues,
  schema,
  onSubmit,
  onSaved,
}: DialogFormOptions<TValues, TPayload>) {
  return useAppForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: schema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(schema, value));
      } catch {
        return;
      }
      onSaved();
    },
  });
}
