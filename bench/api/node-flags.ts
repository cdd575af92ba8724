/**
 * The bench hosts the API in its own process, so its figures hold for the server only when both run
 * Node with the same heap settings. The young generation's size decides how often a scavenge stops
 * a request (docs/decisions/020); the server's scripts set it and the bench's script must match.
 */

const SEMI_SPACE = /--max-semi-space-size(?:=|\s+)(\d+)/;

/** The `--max-semi-space-size` (MiB) a command line or NODE_OPTIONS sets; undefined: V8's default. */
export function semiSpaceOf(commandLine: string): number | undefined {
  const match = SEMI_SPACE.exec(commandLine);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** What this process runs with, for the bench's header line. */
export function describeYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string {
  const size = semiSpaceOf(`${nodeOptions} ${execArgv.join(' ')}`);
  return size === undefined ? "V8's default semi-space size" : `--max-semi-space-size=${size}`;
}
