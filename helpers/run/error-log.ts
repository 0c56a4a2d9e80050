// An unforeseen error before the first check (a bug): its stack to a file under reports/errors/, one console line naming it;
// no configured (***) or registered secret in it (helpers/secrets/redact.ts).
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
