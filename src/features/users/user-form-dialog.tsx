import {
  type StaffUser,
  type UserCreateInput,
  type UserCreatePayload,
  userCreatePayloadSchema,
  userUpdatePayloadSchema,
} from '@contract/user';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { UI_USERS } from './copy';

const T = UI_USERS;
const F = T.fields;

interface UserFormValues {
  name: string;
  email: string;
  role_ids: string[];
}
const DEFAULTS: UserFormValues = { name: '', email: '', role_ids: [] };

export interface UserFormExtra {
  /** The roles a person may be given, as picker options. */
  roleOptions: readonly { value: string; label: string }[];
}

export type UserFormDialogProps = RecordDialogProps<'user', StaffUser, UserCreatePayload> & UserFormExtra;

/** Add User (name, e-mail, roles) and Edit User (name, roles: the e-mail is the sign-in name and stays). */
export const UserFormDialog = recordFormDialog<'user', StaffUser, UserCreatePayload, UserFormExtra>(
  'user',
  UserForm,
  { titles: [T.addTitle, T.updateTitle], size: 480 },
);

function UserForm({ user, roleOptions, onSubmit, onClose }: UserFormDialogProps) {
  const values = user ? { name: user.name, email: user.email, role_ids: user.roles.map((r) => r.id) } : null;
  // Editing keeps the e-mail as it is; the update schema ignores it.
  const schema = user ? userUpdatePayloadSchema : userCreatePayloadSchema;
  const form = useRecordDialogForm<UserCreateInput & UserFormValues, UserCreatePayload>(
    values,
    DEFAULTS,
    schema as typeof userCreatePayloadSchema,
    { onSubmit, onClose },
  );
  const fields: FieldSpec[] = [
    { name: 'name', input: 'text', label: F.name, withAsterisk: true },
    { name: 'email', input: 'text', label: F.email, withAsterisk: true, disabled: user !== null },
    {
      name: 'role_ids',
      input: 'multiSelect',
      label: F.roles,
      placeholder: F.rolesPlaceholder,
      withAsterisk: true,
      data: [...roleOptions],
    },
  ];
  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={user ? T.save : T.submit} onCancel={onClose}>
        <form.Fields fields={fields} />
      </form.DialogBody>
    </form.AppForm>
  );
}
