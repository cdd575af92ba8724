import { describe, expect, it } from 'vitest';
import { runSuites, SUITES, TAIL_LINES } from './run-suites';

const node = (name: string, code: string) => ({ name, command: process.execPath, args: ['-e', code] });

describe('npm test runs its two long suites side by side', () => {
  it('names the unit and end-to-end scripts of package.json', () => {
    expect(SUITES.map((suite) => suite.args.at(-1))).toEqual(['test:unit', 'test:e2e']);
  });

  it('prefixes each line with its suite and passes when both pass', async () => {
    const lines: string[] = [];
    const { code } = await runSuites(
      [node('a', 'console.log("one"); console.error("two")'), node('b', 'console.log("three")')],
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(lines).toEqual(expect.arrayContaining(['[a] one', '[a] two', '[b] three']));
    expect(lines.filter((line) => /^[ab]: passed in \d+ s$/.test(line))).toHaveLength(2);
  });

  it('fails when either fails, and lets the other run to its end', async () => {
    const lines: string[] = [];
    const { code, results } = await runSuites(
      [node('fast', 'process.exit(3)'), node('slow', 'setTimeout(() => console.log("finished"), 300)')],
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    expect(results.map((result) => [result.name, result.code])).toEqual([
      ['fast', 3],
      ['slow', 0],
    ]);
    expect(lines).toContain('[slow] finished');
    expect(lines.filter((line) => /^fast: FAILED \(exit code 3\) in \d+ s$/.test(line))).toHaveLength(1);
  });

  it("prints a failed suite's last lines again after both end, so a log's tail names the failure", async () => {
    const lines: string[] = [];
    const many = `for (let i = 1; i <= ${TAIL_LINES + 5}; i++) console.log("line " + i); process.exit(1)`;
    await runSuites(
      [node('broken', many), node('late', 'setTimeout(() => console.log("late output"), 300)')],
      (line) => lines.push(line),
    );
    const header = lines.indexOf(`---- the last ${TAIL_LINES} lines of broken, which failed ----`);
    expect(header).toBeGreaterThan(lines.indexOf('[late] late output'));
    expect(lines.slice(header + 1, header + 1 + TAIL_LINES)).toEqual(
      Array.from({ length: TAIL_LINES }, (_, i) => `[broken] line ${i + 6}`),
    );
    expect(lines.filter((line) => line.startsWith('---- the last'))).toHaveLength(1);
  });
});
