import { useEffect, useRef, useSyncExternalStore } from 'react';
import { lazyPart, loadForUse } from '@/components/lazy-part';
import type { TransactionDrawerProps } from './transaction-details-drawer';

/**
 * The drawer comes when a transaction is first opened (decision 080): the list page's first load
 * does without Mantine's Drawer and the detail fields. Once here it stays mounted, so it slides
 * closed as it slid open.
 */
const drawer = lazyPart(() => import('./transaction-details-drawer'));

/** The `?tx=` transaction's details in a drawer (transaction-details-drawer.tsx). */
export function TransactionDrawer({ id, onClose }: TransactionDrawerProps) {
  const loaded = useSyncExternalStore(drawer.subscribe, drawer.current, drawer.current);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (id === undefined || loaded !== undefined) return;
    // A failed load says so and closes the drawer it could not show, so opening the same
    // transaction again is a change the list sees, and tries again.
    loadForUse(
      drawer,
      () => undefined,
      () => close.current(),
    );
  }, [id, loaded]);
  return loaded ? <loaded.TransactionDetailsDrawer id={id} onClose={onClose} /> : null;
}
