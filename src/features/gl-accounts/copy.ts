import { GL_ACCOUNT_FIELDS } from '@/entities/gl-account/copy';

/** GL accounts (spec §2): the title and buttons are the spec's; column headers and labels are ours. */
export const UI_GL_ACCOUNTS = {
  title: 'GL Accounts',
  dataType: 'GL Accounts',
  search: 'Search GL accounts',
  add: 'Add Gl Account',
  addTitle: 'Add Gl Account',
  updateTitle: 'Update GL Account',
  edit: (name: string) => `Edit ${name}`,
  columns: {
    name: 'Gl account name',
    type: 'Type',
    description: 'Description',
    manual: 'Manual journal entries',
    status: 'Status',
    actions: 'Actions',
  },
  yes: 'YES',
  no: 'NO',
  fields: GL_ACCOUNT_FIELDS,
  submit: 'Submit',
  save: 'Update',
  cancel: 'Cancel',
} as const;
