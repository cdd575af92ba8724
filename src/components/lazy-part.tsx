import { Group, Loader } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { notifyError } from '@/lib/notify';
import { UI_KIT, UI_LIST_KIT } from './copy';
import { LoadFailure } from './load-failure';

/**
 * A module a screen needs only once something is opened (a dialog's form, a dropdown's content),
 * kept out of the page's first load (decision 057). `load()` starts the import once and can be
 * called early, on a sign of intent (a pointer over the button, the menu opening); a failed import
 * is tried again on the next call.
 */
export interface LazyPart<T> {
  load: () => Promise<T>;
  /** The module once it has arrived; the same object on every call. */
  current: () => T | undefined;
  failed: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  let failure = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    load() {
      if (!pending) {
        const retried = failure;
        failure = false;
        pending = importer().then(
          (loaded) => {
            module = loaded;
            changed();
            return loaded;
          },
          (error: unknown) => {
            pending = undefined;
            failure = true;
            changed();
            throw error;
          },
        );
        if (retried) changed();
      }
      return pending;
    },
    current: () => module,
    failed: () => failure,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Starts loading a part and ignores a failure (shown by the part's `LazyBody` when it is opened). */
export function preload<T>(part: LazyPart<T>): void {
  part.load().catch(() => undefined);
}

/**
 * Loads a part for something the person asked for (a key, a menu item, a row), then uses it; a
 * failed load says "Failed to load resources" in a toast (nothing is open to show it in) and runs
 * `onFailure`, and the next call loads again (decision 080).
 */
export function loadForUse<T>(part: LazyPart<T>, use: (module: T) => void, onFailure?: () => void): void {
  part.load().then(use, () => {
    notifyError(UI_KIT.list.failed);
    onFailure?.();
  });
}

/** What `querySelector` finds first when Mantine's focus trap looks for a place to put focus. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface LazyBodyProps<T> {
  part: LazyPart<T>;
  children: (module: T) => ReactNode;
  /**
   * Whether the part's arrival moves focus into it (default true: the body is the dialog's whole
   * content). False where the dialog already had something to focus when it opened.
   */
  focusOnArrival?: boolean;
}

/**
 * The body of an open dialog or dropdown that comes from a lazily loaded part. Rendered only while
 * it is open (Mantine unmounts a closed Modal's and Popover's content), so the first open starts
 * the load. Until the part arrives it shows a spinner the screen reader announces (`role="status"`)
 * inside the already open, already named dialog; a failed load says so with Retry. When the part
 * arrives after the dialog opened, focus goes where the dialog's focus trap would have put it had
 * the content been there (its `data-autofocus` element, else its first tabbable one), unless the
 * person has moved it already.
 */
export function LazyBody<T>({ part, children, focusOnArrival = true }: LazyBodyProps<T>) {
  const module = useSyncExternalStore(part.subscribe, part.current, part.current);
  const failed = useSyncExternalStore(part.subscribe, part.failed, part.failed);
  const box = useRef<HTMLDivElement>(null);
  const waited = useRef(false);
  if (module === undefined) waited.current = true;

  useEffect(() => {
    if (module === undefined) preload(part);
  }, [module, part]);

  useEffect(() => {
    if (module === undefined || !waited.current || !focusOnArrival) return;
    const node = box.current;
    const root = node?.closest<HTMLElement>('[role="dialog"]');
    if (!node || !root) return;
    // The trap put focus on the dialog itself, or on its first tabbable element outside the body
    // (the close button), or nowhere yet; anything else is the person's doing.
    const active = document.activeElement;
    if (active !== null && active !== document.body && !root.contains(active)) return;
    const target =
      root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(TABBABLE);
    if (target && target !== active) target.focus({ preventScroll: true });
  }, [module, focusOnArrival]);

  return (
    <div ref={box} style={{ display: 'contents' }}>
      {module !== undefined ? (
        children(module)
      ) : failed ? (
        <LoadFailure onRetry={() => preload(part)} />
      ) : (
        <Group role="status" aria-label={UI_LIST_KIT.loading} justify="center" py="md">
          <Loader size="sm" />
        </Group>
      )}
    </div>
  );
}
