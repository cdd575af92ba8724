import { useEffect } from 'react';
import { notifyError } from '@/lib/notify';

/**
 * Spec §8: "Dropdown load failures in the mapping form show a toast". The shared list fetchers do not
 * toast (lists have their own error view), so the modal says it once per failure.
 */
export function useDropdownToast(error: Error | null): void {
  useEffect(() => {
    if (error) notifyError(error.message);
  }, [error]);
}
