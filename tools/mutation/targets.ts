// The targeted mutation run: which tests to run against a fault. A fault names the rules
// it breaks (`rules` in mocks/<service>/**/<resource>.faults.ts); the specs that cite one of those rules
// (`rules('ID...')` annotations) are the ones meant to catch it, and the @smoke tests say whether the
// faulty target still basically works. The suite is listed, not run (`playwright test --list
// --reporter=json`), as tests/self/rules.spec.ts reads the citations.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ListedTest } from '../listing.js';

/** What a targeted run of one fault runs: whole spec files, and single tests as `file:line`. */
export interface Selection {
  files: string[];
  smoke: string[];
}

/** The spec files citing one of `rules`, plus the @smoke tests outside them; undefined when none does (the whole service runs). */
export function selectTests(tests: ListedTest[], rules: string[] | undefined): Selection | undefined {
  if (!rules?.length) return undefined;
  const files = [...new Set(tests.filter((t) => t.rules.some((r) => rules.includes(r))).map((t) => t.file))].sort();
  if (files.length === 0) return undefined;
  const smoke = [
    ...new Set(tests.filter((t) => t.tags.includes('smoke') && !files.includes(t.file)).map((t) => `${t.file}:${t.line}`)),
  ].sort();
  return { files, smoke };
}

/** The rules the faults of a mock module's catalogue (`<module>.faults.ts`) break; undefined for shared code without one. */
export async function rulesOfModule(root: string, file: string): Promise<string[] | undefined> {
  const catalogue = path.join(root, file.replace(/\.ts$/, '.faults.ts'));
  if (file.endsWith('.faults.ts') || !fs.existsSync(catalogue)) return undefined;
  const exported = (await import(pathToFileURL(catalogue).href)) as Record<string, unknown>;
  const rules = new Set<string>();
  for (const value of Object.values(exported))
    if (Array.isArray(value))
      for (const fault of value as { rules?: unknown }[])
        if (Array.isArray(fault?.rules)) for (const r of fault.rules) rules.add(String(r));
  return rules.size ? [...rules].sort() : undefined;
}
