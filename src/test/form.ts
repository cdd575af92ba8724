import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** A field's input: text typed into the textbox, or `{ pick }`: the option chosen in the combobox. */
export type FieldInput = string | { pick: string };

/**
 * Fills `form`'s fields in order, each found by its label: a string is typed into the textbox, a
 * `{ pick }` opens the combobox and clicks the option. A field not found fails the test.
 */
export async function fillForm(user: UserEvent, form: HTMLElement, fields: Record<string, FieldInput>) {
  const scope = within(form);
  for (const [label, input] of Object.entries(fields)) {
    if (typeof input === 'string') {
      await user.type(scope.getByRole('textbox', { name: label }), input);
    } else {
      await user.click(scope.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: input.pick }));
    }
  }
}

/** {@link fillForm}, then a click on the form's button named `button` (Save, Submit). */
export async function fillAndSubmit(
  user: UserEvent,
  form: HTMLElement,
  fields: Record<string, FieldInput>,
  button = 'Save',
) {
  await fillForm(user, form, fields);
  await user.click(within(form).getByRole('button', { name: button }));
}
