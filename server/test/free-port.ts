import { createServer } from 'node:net';

/**
 * A port nothing listens on right now on 127.0.0.1, for a server started a moment later: the test
 * servers, the e2e run and the benches, so none collides with a server already running.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port given')),
      );
    });
  });
}
