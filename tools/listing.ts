// The tests of Playwright projects as `playwright test --list --reporter=json` lists them (nothing
// runs, no global setup, nothing written under reports/): where each is, its title, its tags and
// the rule ids it cites (`rules('ID...')` annotations, as tests/self/rules.spec.ts reads them). The
// targeted mutation run picks its specs by them (tools/mutation/targets.ts); the diff names the
// checks under each rule a change touches (tools/diff/checks.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { citationsOf, parseCitation } from '../helpers/contract/rules.js';
import { listedChecks, type ListedSuite } from '../helpers/verdict/listing.js';
import { playwright } from './cli.js';

/** One test of the listing: where it is (relative to the working directory), its title (within its describe blocks), its tags and the rule ids it cites. */
export interface ListedTest {
  file: string;
  line: number;
  title?: string;
  tags: string[];
  rules: string[];
}

/** The tests of a `--list --reporter=json` report; files relative to `cwd` (the report's are relative to its rootDir). */
const readListing = (report: { config: { rootDir: string }; suites: ListedSuite[] }, cwd: string): ListedTest[] =>
  listedChecks(report.suites).map(({ file, line, title, tags, annotations }) => ({
    file: path.relative(cwd, path.resolve(report.config.rootDir, file)).split(path.sep).join('/'),
    line,
    title,
    tags,
    rules: citationsOf(annotations).map((c) => parseCitation(c).id),
  }));

/** Lists services' projects (the listing does not depend on faults); files start with tests/<service>/. A failed listing is an error of one line. */
export async function listService(services: string | string[], env: Record<string, string>, cwd = process.cwd()): Promise<ListedTest[]> {
  const names = typeof services === 'string' ? [services] : services;
  // The JSON goes to a file: npx and npm may print warnings on the same streams.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-list-')), 'list.json');
  try {
    const run = await playwright(
      ['--list', '--reporter=json', ...names.map((s) => `--project=${s}`)],
      { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
      false,
      undefined,
      cwd === process.cwd() ? undefined : cwd,
    );
    if (run.code !== 0 || !fs.existsSync(file))
      throw new Error(`listing ${names.join(', ')} failed: ${run.output.trim().split('\n').slice(-1)[0]}`);
    return readListing(JSON.parse(fs.readFileSync(file, 'utf8')), cwd);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
