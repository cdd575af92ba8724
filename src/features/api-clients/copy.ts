/** The API clients screen (ours, issue 22): the platform's machine credentials. */
export const UI_API_CLIENTS = {
  title: 'API Clients',
  dataType: 'API clients',
  search: 'Search by name',
  add: 'Add API Client',
  addTitle: 'Add API Client',
  updateTitle: 'Add API Client',
  columns: {
    name: 'Name',
    key: 'Key',
    scopes: 'Scopes',
    status: 'Status',
    created: 'Created',
    actions: 'Actions',
  },
  statusFilter: 'Status',
  statusAll: 'All statuses',
  statuses: { ACTIVE: 'Active', REVOKED: 'Revoked' },
  fields: { name: 'Name', scopes: 'Scopes' },
  scopes: {
    'payments:write': 'Report payments and move them (payments:write)',
    'payouts:write': 'Request payouts (payouts:write)',
    'disputes:write': 'Open chargebacks (disputes:write)',
  },
  submit: 'Submit',
  cancel: 'Cancel',
  revoke: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke API client',
  confirmRevoke: (name: string) =>
    `Revoke ${name}? Its key stops working at once, on every server. This cannot be undone.`,
  revokeLabel: 'Revoke',
  key: {
    title: 'API key',
    intro: (name: string) =>
      `The key of ${name}. Copy it now and store it in the platform's secrets: it is shown only once, and the server keeps only a hash of it.`,
    copy: 'Copy key',
    copied: 'Copied',
    done: 'Done',
  },
} as const;
