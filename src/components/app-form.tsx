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
  Stack,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import {
  type AnyFieldApi,
  createFormHook,
  createFormHookContexts,
  revalidateLogic,
  useStore,
} from '@tanstack/react-form';
import type { ChangeEvent, ComponentProps, ComponentType, ReactNode } from 'react';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** What a bound input takes: everything but what the field supplies. */
type Bound<P> = Omit<P, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** Shown when the field has no message of its own (a failed option load, say). */
  fallbackError?: string | undefined;
};

/**
 * A field's value, change, blur and first schema message as an input's props; `read` turns what
 * the input hands to onChange (an event, a value) into the field's value.
 */
function useBound<T, A>(fallbackError: string | undefined, read: (changed: A) => T) {
  const field = useFieldContext<T>();
  return {
    value: field.state.value,
    onChange: (changed: A) => field.handleChange(read(changed)),
    onBlur: field.handleBlur,
    error: fieldError(field.state.meta.errors) ?? fallbackError,
  };
}

const typed = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.value;
const as = <T,>(value: T) => value;

function TextField({ fallbackError, ...props }: Bound<TextInputProps>) {
  return <TextInput {...props} {...useBound(fallbackError, typed)} />;
}

function TextareaField({ fallbackError, ...props }: Bound<TextareaProps>) {
  return <Textarea {...props} {...useBound(fallbackError, typed)} />;
}

/**
 * Props that make NumberInput change what was typed without a word: `allowDecimal={false}` drops the
 * point (1.5 becomes 15 or 1), `allowNegative={false}` the minus, `decimalScale` the extra places,
 * `min`/`max` clamp on blur. A form must refuse such input with its schema's message under the
 * field instead, so a bound number field does not take them.
 */
type Rewriting =
  | 'allowDecimal'
  | 'allowNegative'
  | 'decimalScale'
  | 'fixedDecimalScale'
  | 'min'
  | 'max'
  | 'clampBehavior';

/** Number inputs hand over `number | string` ('' while empty); the schema decides what is valid. */
function NumberField({ fallbackError, ...props }: Bound<Omit<NumberInputProps, Rewriting>>) {
  return <NumberInput {...props} {...useBound(fallbackError, as<number | string>)} />;
}

function SelectField({ fallbackError, ...props }: Bound<SelectProps>) {
  return <Select {...props} {...useBound(fallbackError, as<string | null>)} />;
}

function MultiSelectField({ fallbackError, ...props }: Bound<MultiSelectProps>) {
  return <MultiSelect {...props} {...useBound(fallbackError, as<string[]>)} />;
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

/** A dialog's whole form: the `<form>`, its fields stacked, Cancel and the submit button below. */
function DialogBody({
  children,
  ...actions
}: {
  children: ReactNode;
  cancel: string;
  submit: string;
  onCancel: () => void;
}) {
  return (
    <FormElement>
      <Stack gap="md">
        {children}
        <FormActions {...actions} />
      </Stack>
    </FormElement>
  );
}

const FIELD_INPUTS = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  select: SelectField,
  multiSelect: MultiSelectField,
};
type FieldInputs = typeof FIELD_INPUTS;

/** One field of a form written as data: its name, which bound input shows it, and that input's props. */
export type FieldSpec = {
  [K in keyof FieldInputs]: { name: string; input: K } & ComponentProps<FieldInputs[K]>;
}[keyof FieldInputs];

/** Fields described as data, each bound to its form field, in order (no wrapping element). */
function Fields({ fields }: { fields: readonly FieldSpec[] }) {
  const form = useFormContext();
  return fields.map(({ name, input, ...props }) => {
    const Input = FIELD_INPUTS[input] as ComponentType<typeof props>;
    return (
      // A spec names its field as a string; the form's own schema checks the value.
      <form.Field key={name} name={name as never}>
        {(field) => (
          <fieldContext.Provider value={field as unknown as AnyFieldApi}>
            <Input {...props} />
          </fieldContext.Provider>
        )}
      </form.Field>
    );
  });
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, NumberField, SelectField, MultiSelectField },
  formComponents: { FormElement, FormActions, DialogBody, Fields },
});

/**
 * A form's first values: for a record being edited, its own value of each field the defaults name;
 * for a new one (null), the defaults.
 */
export function recordValues<V extends object>(record: V | null, defaults: V): V {
  if (!record) return defaults;
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, record[key as keyof V]])) as V;
}

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

/** useDialogForm for an add/edit dialog: the record's values (the defaults for a new one); saved closes it. */
export function useRecordDialogForm<TValues extends object, TPayload>(
  record: NoInfer<TValues> | null,
  defaults: TValues,
  schema: v.GenericSchema<TValues, TPayload>,
  { onSubmit, onClose }: { onSubmit: (payload: TPayload) => Promise<unknown>; onClose: () => void },
) {
  return useDialogForm({ defaultValues: recordValues(record, defaults), schema, onSubmit, onSaved: onClose });
}
