import { type ListId, type ListView, viewSearchOf } from '@contract/list-view';
import { Button, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { lazyPart, loadForUse, preload } from '@/components/lazy-part';
import { notifyNotice } from '@/lib/notify';
import { listViewQueries, useSaveColumns } from '@/queries/list-views';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.views;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** The view a `?view=<id>` link names, read from the URL as sent (the routes' schemas drop it). */
function viewParamOf(searchStr: string): string | null {
  const value = new URLSearchParams(searchStr).get('view');
  return value === null ? null : value.replace(/^"|"$/g, '');
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

/**
 * The dialogs (the save form, the rows of one's own views) come on first use: a list page loads
 * without them, without Checkbox (decision 057) and without Mantine's Modal (decision 080). The
 * menu's opening starts the load, so it has usually arrived when an item is chosen; an item chosen
 * before opens its dialog on arrival, and a failed load says so in a toast.
 */
const forms = lazyPart(() => import('./saved-view-forms'));
const whenFormsArrive = (open: () => void) => () => {
  loadForUse(forms, open);
};

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
  const dialogs = useSyncExternalStore(forms.subscribe, forms.current, forms.current);
  const all = views.data ?? [];
  const mine = all.filter((view) => view.mine);
  const shared = all.filter((view) => !view.mine);

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal onOpen={() => preload(forms)}>
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
          <Menu.Item onClick={whenFormsArrive(() => setSaving(true))}>{C.save}</Menu.Item>
          {mine.length > 0 ? (
            <Menu.Item onClick={whenFormsArrive(() => setManaging(true))}>{C.manage}</Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {dialogs ? (
        <dialogs.SavedViewDialogs
          list={list}
          columns={columns}
          mine={mine}
          saving={saving}
          onCloseSave={() => setSaving(false)}
          managing={managing}
          onCloseManage={() => setManaging(false)}
        />
      ) : null}
    </>
  );
}
