import { Center, Loader } from '@mantine/core';

/** Shown while a route's code or data loads for longer than the router's pending delay. */
export function PendingPage() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
