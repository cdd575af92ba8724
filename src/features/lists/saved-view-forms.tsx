/**
 * The saved views dialogs' contents, loaded when the views menu or one of the dialogs first opens:
 * with the column picker's rows, they brought Checkbox into every list page's first load (decision
 * 057). The dialogs themselves, and what they keep while closed, are in saved-views-menu.tsx.
 */
import { type ListId, type ListView, viewSearchOf } from '@contract/list-view';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useLocation, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { CopyIcon } from '@/components/icons';
import { isApiError } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateListView, useDeleteListView, useUpdateListView } from '@/queries/list-views';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.views;

/** A link that opens the list with the view: its search, its columns (decision 042). */
export function viewLink(pathname: string, id: string): string {
  return `${window.location.origin}${pathname}?view=${encodeURIComponent(id)}`;
}

export interface SaveViewFormProps {
  list: ListId;
  columns: readonly string[] | null;
  onClose: () => void;
  name: string;
  setName: (name: string) => void;
  shared: boolean;
  setShared: (shared: boolean) => void;
  error: string | null;
  setError: (error: string | null) => void;
  create: ReturnType<typeof useCreateListView>;
}

/** The save dialog's form: mounted only while the dialog is open, it reads the URL's search. */
export function SaveViewForm({
  list,
  columns,
  onClose,
  name,
  setName,
  shared,
  setShared,
  error,
  setError,
  create,
}: SaveViewFormProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { list, name, search: viewSearchOf(list, search), columns: columns ? [...columns] : null, shared },
      {
        onSuccess: () => {
          setName('');
          setShared(false);
          onClose();
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={C.name}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          required
          error={error}
          data-autofocus
        />
        <Checkbox
          label={C.share}
          checked={shared}
          onChange={(event) => setShared(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {C.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {C.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function copyLink(link: string) {
  void Promise.resolve()
    .then(() => navigator.clipboard.writeText(link))
    .then(
      () => notifySuccess(C.linkCopied),
      () => notifyError(C.copyFailed),
    );
}

function OwnViewRow({ list, view }: { list: ListId; view: ListView }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const update = useUpdateListView(list);
  const remove = useDeleteListView(list);
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const onError = (failure: Error) => setError(isApiError(failure) ? failure.message : String(failure));

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={C.name}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          error={error}
        />
        <Button
          variant="default"
          disabled={name.trim() === '' || name === view.name}
          loading={update.isPending}
          onClick={() => {
            setError(null);
            update.mutate({ id: view.id, payload: { name } }, { onError });
          }}
        >
          {C.rename}
        </Button>
        <Tooltip label={C.copyLink(view.name)}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={C.copyLink(view.name)}
            onClick={() => copyLink(viewLink(pathname, view.id))}
          >
            <CopyIcon />
          </ActionIcon>
        </Tooltip>
        <Button color="red" variant="light" loading={remove.isPending} onClick={() => remove.mutate(view.id)}>
          {C.delete(view.name)}
        </Button>
      </Group>
      <Checkbox
        label={C.share}
        checked={view.shared}
        onChange={(event) =>
          update.mutate({ id: view.id, payload: { shared: event.currentTarget.checked } }, { onError })
        }
      />
    </Stack>
  );
}

/** The manage dialog's body: rename, share, copy a link to or delete each of one's own views. */
export function OwnViews({ list, mine }: { list: ListId; mine: readonly ListView[] }) {
  return (
    <Stack gap="md">
      {mine.length === 0 ? <Text c="dimmed">{C.none}</Text> : null}
      {mine.map((view) => (
        <OwnViewRow key={view.id} list={list} view={view} />
      ))}
    </Stack>
  );
}

interface SaveViewDialogProps {
  list: ListId;
  columns: readonly string[] | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * The dialog keeps what was typed while closed; its form, mounted only while the dialog is open,
 * reads the URL's search (decision 056): a next page or a filter does not render the closed dialog.
 */
function SaveViewDialog({ list, columns, opened, onClose }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateListView();
  return (
    <Modal opened={opened} onClose={onClose} title={C.saveTitle}>
      <SaveViewForm
        create={create}
        list={list}
        columns={columns}
        onClose={onClose}
        name={name}
        setName={setName}
        shared={shared}
        setShared={setShared}
        error={error}
        setError={setError}
      />
    </Modal>
  );
}

export interface SavedViewDialogsProps {
  list: ListId;
  columns: readonly string[] | null;
  mine: readonly ListView[];
  saving: boolean;
  onCloseSave: () => void;
  managing: boolean;
  onCloseManage: () => void;
}

/** The saved views menu's two dialogs (saved-views-menu.tsx loads them on first use). */
export function SavedViewDialogs({
  list,
  columns,
  mine,
  saving,
  onCloseSave,
  managing,
  onCloseManage,
}: SavedViewDialogsProps) {
  return (
    <>
      <SaveViewDialog list={list} columns={columns} opened={saving} onClose={onCloseSave} />
      <Modal opened={managing} onClose={onCloseManage} title={C.manageTitle} size="lg">
        <OwnViews list={list} mine={mine} />
      </Modal>
    </>
  );
}
