/**
 * The floor under "through HTTP": the same statements behind a bare `node:http` server, with no
 * framework, no token check, no validation and no row mapping; the driver's rows go out as one JSON
 * envelope. Whatever any API written in Node pays on this machine to put these statements behind
 * loopback HTTP, this pays too, so in the same run it shows how much of the API's time over the
 * raw SQL is ours (API/bare) and how much is HTTP itself (bare/raw).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RawRunner, runStatements, type Statement } from './raw-sql';

export interface BareServer {
  /** Serves `statements` at a new path; returns its URL. */
  route(statements: readonly Statement[]): string;
  close(): Promise<void>;
}

export async function startBareServer(run: RawRunner): Promise<BareServer> {
  const routes = new Map<string, readonly Statement[]>();
  const server = http.createServer((request, response) => {
    const statements = routes.get(request.url ?? '');
    if (!statements) {
      response.writeHead(404).end();
      return;
    }
    runStatements(run, statements).then(
      (rows) => {
        const body = JSON.stringify({ success: true, status: 200, data: rows, errorMessage: null });
        response.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    route(statements) {
      const path = `/${routes.size}`;
      routes.set(path, statements);
      return `${base}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
