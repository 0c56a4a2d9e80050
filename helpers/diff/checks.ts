// The checks of a service that cite each rule, read from `playwright test --list` (nothing runs):
// the diff report names them under each rule a change touches. Listing takes seconds, so it runs
// in the background while the documents are compared.
import { spawn } from 'node:child_process';
import { parseCitation } from '../rules.js';

export interface CheckRef {
  title: string;
  file: string;
}

interface ListedSuite {
  title?: string;
  specs?: { title: string; file: string; tests: { annotations: { type: string; description?: string }[] }[] }[];
  suites?: ListedSuite[];
}

/** Checks per rule id from the JSON of `playwright test --list --reporter=json` (titles with their describe blocks). */
export function checksFromListing(report: { suites?: ListedSuite[] }): Map<string, CheckRef[]> {
  const out = new Map<string, CheckRef[]>();
  const walk = (suite: ListedSuite, parents: string[]) => {
    for (const spec of suite.specs ?? []) {
      const title = [...parents, spec.title].join(' › ');
      for (const a of spec.tests.flatMap((t) => t.annotations)) {
        if (a.type !== 'rule' || !a.description) continue;
        const id = parseCitation(a.description).id;
        const list = out.get(id) ?? [];
        if (!list.some((c) => c.title === title && c.file === spec.file)) list.push({ title, file: spec.file });
        out.set(id, list);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...parents, child.title ?? '']);
  };
  // The top suites are the spec files (their title is the file): only describe titles join a check's title.
  for (const file of report.suites ?? []) walk(file, []);
  return out;
}

/** Lists the checks of a Playwright project; resolves to the map, or to the one-line reason it could not. */
export function listChecks(project: string, timeoutMs = 120_000): Promise<Map<string, CheckRef[]> | string> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', '--list', '--reporter=json', '--project', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(out.slice(out.indexOf('{')));
        const errors = (report.errors ?? []) as { message?: string }[];
        if (code !== 0 && errors.length) return resolve(`listing the ${project} checks failed: ${String(errors[0].message ?? '').split('\n')[0]}`);
        resolve(checksFromListing(report));
      } catch {
        resolve(`listing the ${project} checks failed (exit ${code}): ${err.split('\n').find((l) => l.trim() && !/npm warn/i.test(l)) ?? 'no output'}`);
      }
    });
  });
}
