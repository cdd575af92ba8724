/**
 * The bench's load lines (docs/performance.md, "Instances"): the real server as one process and as
 * two over one PostgreSQL database, in the same run, taking turns so machine load hits both alike.
 */
import { API_BASE } from '../../server/app';
import { closedLoop, type Instance, type LoadLine, startInstance } from './instances';
import { markdownTable, ms, table } from './stats';

const ROUTE = '/merchants?page=1&limit=10';

export async function printInstanceLines(options: {
  databaseUrl: string;
  privateKeyPem: string;
  token: string;
  connections: number;
  seconds: number;
  rounds: number;
}): Promise<void> {
  console.log(
    `\nInstances: GET ${API_BASE}${ROUTE} from ${options.connections} connections for ${options.seconds} s, ` +
      `one instance and two (connections split between them), ${options.rounds} rounds each, taking turns:`,
  );
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      instances.push(
        await startInstance({ databaseUrl: options.databaseUrl, privateKeyPem: options.privateKeyPem }),
      );
    }
    const headers = { Authorization: `Bearer ${options.token}` };
    const urls = instances.map((instance) => `${instance.origin}${API_BASE}${ROUTE}`);
    const lines: Record<'one' | 'two', LoadLine[]> = { one: [], two: [] };
    for (let round = 0; round < options.rounds; round++) {
      for (const kind of round % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const)) {
        const line = await closedLoop({
          urls: kind === 'one' ? urls.slice(0, 1) : urls,
          headers,
          connections: options.connections,
          seconds: options.seconds,
        });
        if (line.non200 > 0) throw new Error(`${line.non200} of ${line.total} answers were not 200`);
        lines[kind].push(line);
        console.log(
          `  ${kind} instance${kind === 'two' ? 's' : ''}: ${line.requestsPerSecond.toFixed(0)} requests/s, ` +
            `p50 ${ms(line.latency.p50)} ms, p95 ${ms(line.latency.p95)} ms (${line.total} requests)`,
        );
      }
    }
    const best = (kind: 'one' | 'two') =>
      lines[kind].reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const one = best('one');
    const two = best('two');
    const header = ['instances', 'requests/s', 'p50 ms', 'p95 ms', 'requests/s vs one'];
    const rows = [
      ['1', one.requestsPerSecond.toFixed(0), ms(one.latency.p50), ms(one.latency.p95), '1.00'],
      [
        '2',
        two.requestsPerSecond.toFixed(0),
        ms(two.latency.p50),
        ms(two.latency.p95),
        (two.requestsPerSecond / one.requestsPerSecond).toFixed(2),
      ],
    ];
    console.log(
      `\nBest round of each:\n\n${table(header, rows)}\n\nMarkdown:\n\n${markdownTable(header, rows)}`,
    );
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}
