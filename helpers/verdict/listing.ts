// The projects' checks as `playwright test --list --reporter=json` gives them, and its one reader (listedChecks) for every
// command and self test (citations, a merge's count, the durations table, the targeted mutation run, tools/listing.ts). A
// whole run writes it from the runner (SuiteReporter.onBegin); any other lists in a child process (listProjects).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { withoutReportFiles } from './reporters.js';
import { writeFileAtomic } from './write-file.js';

/** A suite of the JSON of `playwright test --list --reporter=json`: its checks with their annotations, and its inner suites. */
export interface ListedSuite {
  title?: string;
  specs?: {
    id?: string;
    tags?: string[];
    file: string;
    line: number;
    title: string;
    tests: { projectName: string; annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: ListedSuite[];
}

/** Where this run's listing is kept: Playwright's output folder, emptied when a run starts. */
export const listingFile = (): string =>
  path.resolve('test-results', `.listing-${(process.env.SUITE_RUN_ID ?? 'local').replace(/[^\w-]/g, '_')}.json`);

/** A file or describe suite as the JSON reporter lists it (files relative to the config's root folder). */
const listed = (suite: Suite, rootDir: string): ListedSuite => ({
  title: suite.title,
  specs: suite.tests.map((t) => ({
    file: path.relative(rootDir, t.location.file),
    line: t.location.line,
    title: t.title,
    tests: [{ projectName: t.parent.project()?.name ?? '', annotations: t.annotations.map((a) => ({ ...a })) }],
  })),
  suites: suite.suites.map((s) => listed(s, rootDir)),
});

/** Writes the listing of the named projects' file suites (the run holds all their checks). */
export function writeListing(root: Suite, rootDir: string, projects: string[]): void {
  const suites = root.suites.filter((p) => projects.includes(p.title)).flatMap((p) => p.suites.map((s) => listed(s, rootDir)));
  writeFileAtomic(listingFile(), JSON.stringify({ suites }));
}

/** What names a check: its project, spec (relative to the suite's root) and title. */
export interface CheckKey {
  project: string;
  file: string;
  title: string;
}

/** One check of a listing: its project, spec file (relative to the config's folder) and line, id, tags and annotations; its title its describe blocks' and its own joined by ` › `. */
export interface ListedCheck extends CheckKey {
  id?: string;
  line: number;
  tags: string[];
  annotations: { type: string; description?: string }[];
}

/** Every check of a listing's file suites (a file suite's own title, the file, is not one of its checks' titles). */
export function listedChecks(files: readonly ListedSuite[]): ListedCheck[] {
  const out: ListedCheck[] = [];
  const walk = (suite: ListedSuite, parents: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const title = [...parents, spec.title].join(' › ');
        out.push({
          project: t.projectName,
          id: spec.id,
          file: spec.file,
          line: spec.line,
          title,
          tags: spec.tags ?? [],
          annotations: t.annotations,
        });
      }
    for (const child of suite.suites ?? []) walk(child, [...parents, child.title ?? '']);
  };
  for (const file of files) walk(file, []);
  return out;
}

/**
 * `projects` listed by a child `playwright test --list --reporter=json` in `cwd` (nothing runs), read on stdout without a
 * user's PLAYWRIGHT_*_OUTPUT_*; a failing listing is a one-line error.
 */
export function listProjects(
  projects: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): { rootDir: string; suites: ListedSuite[] } {
  const cwd = options.cwd ?? process.cwd();
  const cli = path.join(cwd, 'node_modules', '@playwright', 'test', 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'test', '--list', '--reporter=json', ...projects.flatMap((p) => ['--project', p])], {
    cwd,
    env: withoutReportFiles({ ...process.env, ...options.env }),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: options.timeoutMs,
  });
  if (run.status !== 0)
    throw new Error(`playwright test --list failed (${run.status}): ${`${run.stderr}${run.stdout}`.trim().split('\n')[0]}`);
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { config: { rootDir: string }; suites: ListedSuite[] };
  return { rootDir: report.config.rootDir, suites: report.suites };
}
