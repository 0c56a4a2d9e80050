// The literal audit: every literal the checks compare answers against, with its source, and no seed or provider rule resting
// on one that a single example alone shows (docs/conventions.md, Sources: an error example shows the status and code of a
// stated condition, never its wording). Two kinds of literal are read where they are declared, never listed here by hand:
// - figures no keyword carries: each contract's `x-limits` entries (value, source, cite; `shown`: how a document shows it,
//   else read from the cite) and the provider's own item bounds (`x-documented-items`);
// - wordings: an error's Description, Details or Source, or a message, compared to a written string in a check (specs and
//   their fixtures, scanned): by definition an example's wording, so judged under an assumption rule at most.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { loadRules } from '../../helpers/contract/rules.js';

const SERVICES = ['card-enrollment', 'installments', 'financial-data'] as const;
type Shown = 'sentence' | 'schema' | 'example' | 'none' | 'seed' | 'reference';
interface Literal {
  service: string;
  where: string;
  value: string;
  source: string;
  shown: Shown;
  rules: string[];
}

/** How a cite shows a figure where its entry does not say: an example named without a sentence, schema or prose beside it. */
function shownOf(entry: { shown?: string; source?: string; cite?: string }): Shown {
  if (entry.shown) return entry.shown as Shown;
  const cite = String(entry.cite ?? '');
  if (entry.source === 'seed') return 'seed';
  if (entry.source === 'assumption' && !/provider/.test(cite)) return 'reference';
  if (/\bexamples?\b/i.test(cite) && !/description|prose|says|states|writes|sentence|schema|parameter|section/i.test(cite))
    return 'example';
  return 'sentence';
}

/** Every figure a contract declares with its source: `x-limits` entries and `x-documented-items` bounds. */
async function declaredFigures(service: string): Promise<Literal[]> {
  const contract = await loadContract(service);
  const out: Literal[] = [];
  for (const [name, e] of Object.entries<any>(contract.document['x-limits'] ?? {}))
    out.push({
      service,
      where: `x-limits ${name}`,
      value: JSON.stringify(e.value),
      source: String(e.source),
      shown: shownOf(e),
      rules: (e.rules ?? []).map(String),
    });
  const walk = (node: unknown, at: string): void => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-documented-items' && v && typeof v === 'object') {
        const e = v as Record<string, unknown>;
        for (const bound of ['minItems', 'maxItems'])
          if (e[bound] !== undefined)
            out.push({ service, where: `${at} ${bound}`, value: String(e[bound]), source: String(e.source), shown: 'schema', rules: [] });
      } else walk(v, `${at}/${k}`);
    }
  };
  walk(contract.document.components?.schemas, '#/components/schemas');
  return out;
}

/** The files a service's checks are written in: its specs and its fixture files. */
function checkFiles(service: string): string[] {
  const files: string[] = [];
  const under = (dir: string) => {
    for (const f of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (f.isFile() && /\.ts$/.test(f.name)) files.push(path.join(f.parentPath, f.name));
  };
  under(path.join('tests', service));
  for (const f of readdirSync('fixtures', { withFileTypes: true, recursive: true }))
    if (f.isFile() && f.name.startsWith(service) && f.name.endsWith('.ts')) files.push(path.join(f.parentPath, f.name));
  return files;
}

// A wording compared: `Description: '...'` in an expected object, or `.Description ... toBe('...')` (and Details, Source,
// message, detail, error_description). A sentence-like string (a space in it) marks wording, not a code.
const WORDING = [
  /\b(Description|Details|Source|message|detail|error_description)\s*:\s*(['"])([^'"\n]* [^'"\n]*)\2/g,
  /\.(Description|Details|Source|message|detail|error_description)\)?[^;\n]{0,80}\.(?:toBe|toEqual|toContain|toMatch)\(\s*(['"])([^'"\n]* [^'"\n]*)\2/g,
];
const CITED = /rules\(([^)]*)\)/g;

/** Each wording a service's checks compare an answer to, with the rules the test around it cites. */
function comparedWordings(service: string): Literal[] {
  const out: Literal[] = [];
  for (const file of checkFiles(service)) {
    const text = readFileSync(file, 'utf8');
    // The fabricated answers a self-judging check feeds its judge are not compared against a target's answer.
    if (/properties\.error-status|\.model\.|known\.ts$/.test(file)) continue;
    for (const pattern of WORDING)
      for (const m of text.matchAll(pattern)) {
        const before = text.slice(0, m.index);
        // The test the literal sits in: the last `test(` before it, and the rules it cites from there.
        const start = Math.max(before.lastIndexOf('\ntest('), before.lastIndexOf('\n  test('), 0);
        const cited = [...text.slice(start, m.index).matchAll(CITED)].flatMap((c) =>
          [...c[1].matchAll(/'([A-Z][A-Z0-9-]+)[:@'][^']*'|'([A-Z][A-Z0-9-]+)'/g)].map((x) => x[1] ?? x[2]),
        );
        const line = before.split('\n').length;
        out.push({ service, where: `${file}:${line}`, value: m[3], source: 'check', shown: 'example', rules: cited });
      }
  }
  return out;
}

for (const service of SERVICES)
  test(`${service}: no seed or provider rule rests on a literal one example alone shows`, async () => {
    const catalogue = new Map(loadRules(service).rules.map((r) => [r.id, r]));
    const literals = [...(await declaredFigures(service)), ...comparedWordings(service)];
    const bySource: Record<string, number> = {};
    for (const l of literals) bySource[`${l.source}/${l.shown}`] = (bySource[`${l.source}/${l.shown}`] ?? 0) + 1;
    test.info().annotations.push({ type: 'literals per source/shown', description: JSON.stringify(bySource) });
    const wrong: string[] = [];
    for (const l of literals) {
      if (l.shown !== 'example') continue;
      // A declared figure an example alone shows is an assumption, and so is each rule it names.
      if (l.source !== 'check' && l.source !== 'assumption')
        wrong.push(`${l.where} (${l.value}): source ${l.source}, shown by an example only: an assumption at most`);
      for (const id of l.rules) {
        const rule = catalogue.get(id);
        if (rule && rule.source !== 'assumption')
          wrong.push(`${l.where} (${l.value}): rule ${id} (${rule.source}) rests on a literal an example alone shows`);
      }
      if (l.source === 'check' && l.rules.length === 0) wrong.push(`${l.where} (${l.value}): a wording compared in no test citing rules`);
    }
    expect(wrong, `${service}: literals resting on one example under a seed or provider rule`).toEqual([]);
  });

test('the audit finds a wording compared under a provider rule (it can fail)', async () => {
  // The scan's own patterns, on a check written the way the ones it must refuse are.
  const sample = `test('x @provider', rules('IN-ERR-SHAPE'), async () => {\n  expect(error.Description, 'e').toBe('Field format or type is invalid');\n});`;
  const hits = WORDING.flatMap((p) => [...sample.matchAll(p)].map((m) => m[3]));
  expect(hits).toEqual(['Field format or type is invalid']);
  expect(shownOf({ source: 'provider', cite: 'provider 2.0.0, notifyPlan 429 PlanNotifTooManyRequestError example' })).toBe('example');
  expect(shownOf({ source: 'provider', cite: 'provider 2.0.0, postMerchantParticipations description: under 700 KB' })).toBe('sentence');
});
