/**
 * The metrics port (METRICS_PORT): `GET /metrics` in Prometheus' text format, nothing else. A
 * listener of its own, apart from the API's, so the metrics need no token and the public port never
 * answers them; the operator keeps this port on the private network (server/config.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export function serveMetrics(options: {
  port: number;
  host: string;
  logger: Logger;
}): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'Metrics could not be collected');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
