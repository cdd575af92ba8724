import { describe, expect, it } from 'vitest';
import { SILENT_LOGGER } from './logger';
import { countLedgerPosting } from './metrics';
import { serveMetrics } from './metrics-server';

describe('the metrics port', () => {
  it('serves the registry at GET /metrics in the Prometheus text format, and nothing else', async () => {
    countLedgerPosting('PAYOUT_REJECTED');
    const server = await serveMetrics({ port: 0, host: '127.0.0.1', logger: SILENT_LOGGER });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE sign_in_failures_total counter');
      expect(text).toContain('# TYPE payout_decisions_total counter');
      expect(text).toMatch(/ledger_postings_total\{event_type="PAYOUT_REJECTED"\} [1-9]/);
      expect(text).toContain('# TYPE db_pool_connections gauge');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
