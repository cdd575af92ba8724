import { notifications } from '@mantine/notifications';

/** Spec §8 and §9: product toasts sit top-right and close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;

export function notifyError(message: string): void {
  notifications.show({
    // One toast per text while it shows: a page whose three calls fail at once says so once.
    id: `error:${message}`,
    color: 'red',
    message,
    position: TOAST_POSITION,
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

export function notifySuccess(message: string): void {
  notifications.show({
    color: 'green',
    message,
    position: TOAST_POSITION,
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/** Something happened that is not the success asked for (sent for approval): blue, and it stays longer. */
export function notifyNotice(message: string): void {
  notifications.show({
    color: 'blue',
    message,
    position: TOAST_POSITION,
    autoClose: TOAST_AUTO_CLOSE_MS * 2,
  });
}
