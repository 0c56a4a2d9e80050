// The listing of the service projects' checks that the suite's own tests read (their citations, for
// the rule catalogue and the rule x path report), in the shape of `playwright test --list
// --reporter=json`. A run that holds every check of every service writes it from the runner, which
// has loaded every spec already (SuiteReporter.onBegin); any other run lists them in a child
// process once (fixtures/self.ts, suiteListing).
import fs from 'node:fs';
import path from 'node:path';
import type { Suite } from '@playwright/test/reporter';

/** A suite of the JSON of `playwright test --list --reporter=json`: its checks with their annotations, and its inner suites. */
export interface ListedSuite {
  title?: string;
  specs?: {
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
function listed(suite: Suite, rootDir: string): ListedSuite {
  return {
    title: suite.title,
    specs: suite.tests.map((t) => ({
      file: path.relative(rootDir, t.location.file),
      line: t.location.line,
      title: t.title,
      tests: [{ projectName: t.parent.project()?.name ?? '', annotations: t.annotations.map((a) => ({ ...a })) }],
    })),
    suites: suite.suites.map((s) => listed(s, rootDir)),
  };
}

/** Writes the listing of the named projects' file suites (the run holds all their checks). */
export function writeListing(root: Suite, rootDir: string, projects: string[]): void {
  const suites = root.suites.filter((p) => projects.includes(p.title)).flatMap((p) => p.suites.map((s) => listed(s, rootDir)));
  const file = listingFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ suites }));
  fs.renameSync(`${file}.tmp`, file);
}
