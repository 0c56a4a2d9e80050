// A command's main run in a self test's worker (the scripts export main(argv, io), tools/cli.ts):
// shared by the self tests of our commands' output and exit codes.
import { exitCodeOf, type CommandMain } from '../../tools/cli.js';

/**
 * Runs a script's main in this worker as its command line runs it (tools/cli.ts, exitCodeOf): its
 * exit code and everything it wrote meanwhile, its lines and any other write to stdout or stderr (a
 * stray line or a stack trace the command line would print too). For the checks of a tool's output
 * and exit code: a worker loads the tool once, where a command line costs a Node start and the
 * tool's module graph per test. Each tool's real command line is started by the e2e commands
 * (tests/self/e2e/commands.spec.ts).
 */
export async function runInProcess(
  main: CommandMain,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  let output = '';
  const streams = [process.stdout, process.stderr] as const;
  const writes = streams.map((s) => s.write);
  for (const stream of streams)
    stream.write = ((chunk: string | Uint8Array) => {
      output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof stream.write;
  const line = (text: string) => void (output += `${text}\n`);
  try {
    const code = await exitCodeOf(main, argv, { out: line, err: line, env: { ...process.env, ...env } });
    return { code, output };
  } finally {
    streams.forEach((stream, i) => (stream.write = writes[i]));
  }
}
