import { type ListId, type ListView, viewSearchOf } from '@contract/list-view';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CopyIcon } from '@/components/icons';
import { isApiError } from '@/lib/errors';
import { notifyError, notifyNotice, notifySuccess } from '@/lib/notify';
import {
  listViewQueries,
  useCreateListView,
  useDeleteListView,
  useSaveColumns,
  useUpdateListView,
} from '@/queries/list-views';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.views;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** The view a `?view=<id>` link names, read from the URL as sent (the routes' schemas drop it). */
function viewParamOf(searchStr: string): string | null {
  const value = new URLSearchParams(searchStr).get('view');
  return value === null ? null : value.replace(/^"|"$/g, '');
}

/** A link that opens the list with the view: its search, its columns (decision 042). */
export function viewLink(pathname: string, id: string): string {
  return `${window.location.origin}${pathname}?view=${encodeURIComponent(id)}`;
}

/**
 * Applies a view: the list's URL becomes the view's search (the route validates it as any URL,
 * so a stale value falls back to its default) and the view's columns become the person's.
 */
function useApplyView(list: ListId) {
  const navigate = useNavigate();
  const saveColumns = useSaveColumns(list);
  return (view: ListView, replace = false) => {
    void navigate({ to: '.', search: viewSearchOf(list, view.search) as never, replace });
    if (view.columns !== null) saveColumns.mutate(view.columns);
  };
}

/** Opens the view a `?view=` link names, once; a bad or unknown id leaves the list as it is. */
function useViewFromLink(list: ListId, apply: (view: ListView, replace: boolean) => void) {
  // Selects the id, not the search: a next page or a filter does not render the menu again.
  const id = useLocation({ select: (location) => viewParamOf(location.searchStr) });
  const navigate = useNavigate();
  const valid = id !== null && UUID.test(id);
  const query = useQuery({ ...listViewQueries.view(valid ? id : ''), enabled: valid });
  const handled = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per linked id; `apply` and `navigate` are new each render
  useEffect(() => {
    if (id === null || handled.current === id) return;
    const dropLink = () => {
      handled.current = id;
      notifyNotice(C.notFound);
      const withoutLink = ({ view: _link, ...rest }: Record<string, unknown>) => rest;
      void navigate({ to: '.', search: withoutLink as never, replace: true });
    };
    if (!valid) return dropLink();
    if (query.isError) return dropLink();
    if (!query.data) return;
    if (query.data.list !== list) return dropLink();
    handled.current = id;
    apply(query.data, true);
  }, [id, valid, query.data, query.isError, list]);
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

interface SaveViewFormProps extends Omit<SaveViewDialogProps, 'opened'> {
  name: string;
  setName: (name: string) => void;
  shared: boolean;
  setShared: (shared: boolean) => void;
  error: string | null;
  setError: (error: string | null) => void;
  create: ReturnType<typeof useCreateListView>;
}

function SaveViewForm({
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

export interface SavedViewsMenuProps {
  list: ListId;
  /** The person's current column choice, kept with a saved view (null: the list's own). */
  columns: readonly string[] | null;
}

/**
 * The list's saved views: apply one (its search into the URL, its columns), save the current
 * filters, sort and columns under a name, and rename, share, copy a link to or delete one's own.
 * A `?view=<id>` link applies that view once when the list opens.
 */
export function SavedViewsMenu({ list, columns }: SavedViewsMenuProps) {
  const views = useQuery(listViewQueries.viewsOf(list));
  const apply = useApplyView(list);
  useViewFromLink(list, apply);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const all = views.data ?? [];
  const mine = all.filter((view) => view.mine);
  const shared = all.filter((view) => !view.mine);

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button variant="default">{C.open}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {all.length === 0 ? <Menu.Label>{C.none}</Menu.Label> : null}
          {mine.length > 0 ? <Menu.Label>{C.mine}</Menu.Label> : null}
          {mine.map((view) => (
            <Menu.Item key={view.id} onClick={() => apply(view)}>
              {view.name}
            </Menu.Item>
          ))}
          {shared.length > 0 ? <Menu.Label>{C.shared}</Menu.Label> : null}
          {shared.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => apply(view)}
              rightSection={
                <Text size="xs" c="dimmed">
                  {C.sharedBy(view.owner.name)}
                </Text>
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setSaving(true)}>{C.save}</Menu.Item>
          {mine.length > 0 ? <Menu.Item onClick={() => setManaging(true)}>{C.manage}</Menu.Item> : null}
        </Menu.Dropdown>
      </Menu>
      <SaveViewDialog list={list} columns={columns} opened={saving} onClose={() => setSaving(false)} />
      <Modal opened={managing} onClose={() => setManaging(false)} title={C.manageTitle} size="lg">
        <Stack gap="md">
          {mine.length === 0 ? <Text c="dimmed">{C.none}</Text> : null}
          {mine.map((view) => (
            <OwnViewRow key={view.id} list={list} view={view} />
          ))}
        </Stack>
      </Modal>
    </>
  );
}
