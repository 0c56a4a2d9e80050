// An error nobody foresaw before the first check (a bug, not a configuration): its stack goes to a
// file under reports/errors/ for a bug report, and the console gets one line naming the file. The
// file holds no configured secret (replaced by ***) and no registered one (helpers/secrets/redact.ts).
import fs from 'node:fs';
import path from 'node:path';
import { hideSecrets, type Env } from '../config/env-schema.js';
import { redactMessage } from '../secrets/redact.js';

/** Writes the error's stack to reports/errors/<time>-<pid>.log; returns the file's path relative to the checkout. */
export function logError(reportsDir: string, error: unknown, env: Env, during: string): string {
  const dir = path.join(reportsDir, 'errors');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
  const e = error as { stack?: string; cause?: unknown };
  const text = [
    `${during} (node ${process.version}, pid ${process.pid})`,
    e?.stack ?? String(error),
    ...(e?.cause ? [`cause: ${(e.cause as Error).stack ?? String(e.cause)}`] : []),
  ].join('\n');
  fs.writeFileSync(file, `${redactMessage(hideSecrets(text, env))}\n`);
  return path.relative(process.cwd(), file);
}

/** The one console line of such an error. */
export function errorLine(error: unknown, log: string): string {
  const message = ((error as Error)?.message ?? String(error)).split('\n')[0];
  return `error before the first check: ${message} (unexpected: the stack is in ${log})`;
}
