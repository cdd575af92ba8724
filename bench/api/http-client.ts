/**
 * node:http's client over one kept-alive socket: the leanest standard client. The first runs used
 * `fetch` (undici), whose own per-request cost on loopback (≈0.3 ms at p50 and over 1 ms at p95
 * against this, measured on the same server in one process) was billed to the API. The bench now
 * times with `socket-client.ts` and prints this one beside it on the floor route, so each run shows
 * what a standard client would add.
 */
import http from 'node:http';

export interface HttpGetter {
  /** GETs `url` and reads the whole body; resolves to the status code. */
  get(url: string, headers: Record<string, string>): Promise<number>;
  close(): void;
}

export function keepAliveGetter(): HttpGetter {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get(url, headers) {
      return new Promise((resolve, reject) => {
        http
          .get(url, { agent, headers }, (response) => {
            response.on('data', () => {});
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          })
          .on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}
