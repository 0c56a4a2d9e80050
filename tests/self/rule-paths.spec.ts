// Covers: every path of every rule (helpers/verdict/rule-paths.ts; docs/conventions.md, Rules and
// their catalogue): per rule, the operations it names, those the contract gives the same request body,
// and the declared variants, readers and delivery paths; each cell is covered by a check citing the
// rule there, or justified in schemas/<service>/rule-paths.yaml. The suite is listed, not run (the
// early signal); a run's coverage records give the strict one (ruleGapsOfRun, in the suite reporter).
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, suiteListing, test } from '../../fixtures/self.js';
import { listedChecks } from '../../helpers/verdict/listing.js';
import { countProperty, propertyCountsOf, tallyProperties } from '../../helpers/client/property-counts.js';
import { loadRules, rulesFile, type Rule } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';
import {
  loadJustifications,
  operationsNamedIn,
  quotedWords,
  ruleGapsOfRun,
  rulePathReport,
  rulePaths,
  type Evidence,
} from '../../helpers/verdict/rule-paths.js';
import { testRule } from './support.known.js';

/** Each listed check of the projects (the run's one listing of the suite): its citations, spec file, line and titles. */
const listChecks = async (projects: string[]) =>
  listedChecks(await suiteListing())
    .filter((c) => projects.includes(c.project))
    .map((c) => ({ ...c, rules: c.annotations.filter((a) => a.type === 'rule' && a.description).map((a) => a.description!) }));
type ListedCheck = Awaited<ReturnType<typeof listChecks>>[number];

/** Named chunks of a file: its top-level functions and constants, and with `methods` (the fixture file) its class methods and fixtures (`  async name(`, `  name: async`). */
function chunksOf(text: string, methods = false): [string, string][] {
  const top = /^(?:export )?(?:async )?(?:function|const) (\w+)/gm;
  const member = /^(?: {2}(?:async )?(\w+)(?:\(|: async)|(?:export )?(?:async )?(?:function|const) (\w+))/gm;
  const starts = [...text.matchAll(methods ? member : top)];
  return starts.map((m, i) => [(m[1] ?? m[2])!, text.slice(m.index, starts[i + 1]?.index ?? text.length)]);
}

/** The named chunks of a service's fixtures (fixtures/<service>.ts and the files of fixtures/<service>/), a name several files
 * define (each file's `test`) standing for all their bodies; read once per service (every spec file importing the service's
 * fixtures stands for them: specFile). */
const fixtureChunksOf = new Map<string, Map<string, string>>();
function fixtureChunks(service: string): Map<string, string> {
  let known = fixtureChunksOf.get(service);
  if (!known) fixtureChunksOf.set(service, (known = readFixtureChunks(service)));
  return known;
}
function readFixtureChunks(service: string): Map<string, string> {
  const folder = `fixtures/${service}`;
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.ts'))
        .sort()
    : [];
  const named = new Map<string, string>();
  for (const file of [`${folder}.ts`, ...files.map((f) => `${folder}/${f}`)])
    for (const [name, body] of chunksOf(fs.readFileSync(file, 'utf8'), true)) named.set(name, (named.get(name) ?? '') + body);
  return named;
}

/**
 * A spec file's lines and the helpers its checks may name, read once: the text a check runs is its own
 * lines with the bodies of the helpers it names, up to five levels deep: its spec file's own, the
 * service fixtures' (fixtureChunks: `instReq.createPlan`, `pollReport`) and those of every file of the suite its spec
 * imports (`./<resource>.known.js`, the fixtures' examples and tables: an operation named only in a
 * table of requests is reached through the table's name), the runtime's (helpers/, mocks/) left out.
 */
interface SpecFile {
  text: string[];
  named: Map<string, string>;
  /** Per helper name and levels left, the quoted literals of its body and of the helpers it reaches (reachedQuoted). */
  reached: Map<string, Set<string>>;
}
const specFiles = new Map<string, SpecFile>();
function specFile(file: string, helpers: Map<string, string>): SpecFile {
  let known = specFiles.get(file);
  if (!known) {
    const whole = fs.readFileSync(file, 'utf8');
    const local = [...whole.matchAll(/from '(\.\.?\/[\w./-]+)\.js'/g)]
      .map((m) => path.join(path.dirname(file), `${m[1]}.ts`))
      .filter((f) => fs.existsSync(f) && !/^(helpers|mocks)\//.test(f));
    local.push(file);
    // A service's fixture file (`fixtures/<service>.ts`) stands for the files it merges (fixtureChunks).
    const chunks = (f: string) => {
      const merged = /^fixtures\/([\w-]+)\.ts$/.exec(f)?.[1];
      return merged && fs.existsSync(`fixtures/${merged}`) ? [...fixtureChunks(merged)] : chunksOf(fs.readFileSync(f, 'utf8'));
    };
    known = { text: whole.split('\n'), named: new Map([...helpers, ...local.flatMap(chunks)]), reached: new Map() };
    specFiles.set(file, known);
  }
  return known;
}

/** The whole words and the quoted literals of a text (a check's lines or a helper's body), found once per text. */
const wordsOf = new Map<string, { words: Set<string>; quoted: Set<string> }>();
function textWords(text: string): { words: Set<string>; quoted: Set<string> } {
  let known = wordsOf.get(text);
  if (!known) wordsOf.set(text, (known = { words: new Set(text.match(/\w+/g)), quoted: quotedWords(text) }));
  return known;
}

/** The helpers among a text's whole words (a helper is named where its name is one: as `\bname\b` finds it). */
const namedIn = (words: Iterable<string>, named: Map<string, string>): string[] => [...words].filter((word) => named.has(word));

/**
 * The names reached from a text within `levels` (a breadth-first walk: each name at its least depth, a name's body read for
 * the names below it while levels are left), as checkQuoted walks from a check's own lines.
 */
function reachedNames(text: string, named: Map<string, string>, levels: number): Set<string> {
  const reached = new Set<string>();
  let frontier = [text];
  for (let level = 0; level < levels && frontier.length; level++) {
    const next: string[] = [];
    for (const t of frontier)
      for (const word of namedIn(textWords(t).words, named))
        if (!reached.has(word)) {
          reached.add(word);
          next.push(named.get(word)!);
        }
    frontier = next;
  }
  return reached;
}

/**
 * The quoted literals of a helper's body and of every helper reached from it within `levels - 1` more levels: the same set
 * reachedNames gives, each helper's found once per spec file and depth, not again for every check naming it.
 */
function reachedQuoted(name: string, levels: number, known: SpecFile): Set<string> {
  const key = `${levels} ${name}`;
  let quoted = known.reached.get(key);
  if (!quoted) {
    quoted = new Set(textWords(known.named.get(name)!).quoted);
    for (const below of reachedNames(known.named.get(name)!, known.named, levels - 1))
      for (const q of textWords(known.named.get(below)!).quoted) quoted.add(q);
    known.reached.set(key, quoted);
  }
  return quoted;
}

/** The quoted literals of the text a check runs: its own lines and the helpers it reaches. */
function checkQuoted(check: ListedCheck, lines: Map<string, number[]>, helpers: Map<string, string>): Set<string> {
  const file = `tests/${check.file}`;
  const known = specFile(file, helpers);
  const { text } = known;
  const next = (lines.get(check.file) ?? []).find((l) => l > check.line) ?? text.length + 1;
  const own = text.slice(check.line - 1, next - 1).join('\n');
  // Up to five levels: a spec's own helper (`statesOf`) calls `readers`, which calls a helper file's `listAll`, which calls the operation.
  // A check's own lines are its own text: read here, not kept (textWords keeps the helpers' bodies, read again and again).
  const quoted = quotedWords(own);
  for (const name of namedIn(new Set(own.match(/\w+/g)), known.named)) for (const q of reachedQuoted(name, 5, known)) quoted.add(q);
  return quoted;
}

test('every path of every rule of each catalogue is covered by a check or justified in writing', async ({ contracts }) => {
  const services = SERVICES.map((s) => s.name).filter((service) => fs.existsSync(rulesFile(service)));
  const listed = await listChecks(services);
  const problems: string[] = [];
  for (const service of services) {
    const contract = await contracts(service);
    const catalogue = loadRules(service);
    const helpers = fixtureChunks(service);
    const checks = listed.filter((c) => c.project === service);
    const lines = new Map<string, number[]>();
    for (const c of checks) lines.set(c.file, [...(lines.get(c.file) ?? []), c.line]);
    for (const at of lines.values()) at.sort((a, b) => a - b);
    const idPatterns = [...contract.operations.keys()].map((id) => [id, new RegExp(`\\b${id}\\b`)] as const);
    const evidence: Evidence[] = checks.map((c) => {
      const titled = idPatterns.filter(([, pattern]) => pattern.test(c.title)).map(([id]) => id);
      return { rules: c.rules, operations: [...titled, ...operationsNamedIn(checkQuoted(c, lines, helpers), contract)] };
    });
    const justified = loadJustifications(service);
    const report = rulePathReport(catalogue, contract, evidence, justified);
    test.info().annotations.push({
      type: 'rule-paths',
      description: `${service}: rules ${report.rules}, paths ${report.paths}, cells ${report.cells}, covered ${report.covered}, justified ${report.justified}, empty ${report.empty}`,
    });
    // A justification of a cell that is not a path of its rule (the rule or the operation renamed) is stale.
    // One the listing sees covered stays: the run's coverage records may not (an outbound delivery).
    // `op *` stands for every operation of its rule (a checker iterating the contract's operations).
    const cells = new Set(rulePaths(catalogue, contract).flatMap((p) => [`${p.rule} ${p.path}`, `${p.rule} op *`]));
    for (const j of justified)
      if (!cells.has(`${j.rule} ${j.path}`)) problems.push(`${service}: stale justification ${j.rule} ${j.path} (not a path of its rule)`);
    for (const c of report.open)
      if (c.state === 'empty') problems.push(`${service}: ${c.rule} ${c.path} (${c.from}) has no check and no written justification`);
  }
  expect(problems, 'rule x path cells').toEqual([]);
});

/** A made-up financial data catalogue of one rule. */
const fdCatalogue = (rule: Rule, paths: Record<string, string> = {}) => ({ service: 'financial-data', paths, rules: [rule] });

test('the rule x path report names an uncovered update path and accepts its justification', async ({ contracts }) => {
  const contract = await contracts('financial-data');
  const catalogue = fdCatalogue(testRule('FD-T-NAME', 'limit', ['AddBusinessDetails'], { paths: ['by-id'] }), {
    'by-id': 'the reader by id',
  });
  const evidence = [{ rules: ['FD-T-NAME:accept'], operations: ['AddBusinessDetails'] }];
  const bare = rulePathReport(catalogue, contract, evidence, []);
  expect(bare.open.map((c) => `${c.path} ${c.state}`).sort()).toEqual(['op UpdateBusiness empty', 'path by-id empty']);
  const reasoned = rulePathReport(catalogue, contract, evidence, [
    { rule: 'FD-T-NAME', path: 'op UpdateBusiness', reason: 'the same body schema: checked through the create path only here' },
  ]);
  expect({ covered: reasoned.covered, justified: reasoned.justified, empty: reasoned.empty }).toEqual({
    covered: 1,
    justified: 1,
    empty: 1,
  });
});

test('a run fails on a cell whose only check did not run, or ran without calling its operation', async ({ contracts }) => {
  const contract = await contracts('financial-data');
  const catalogue = fdCatalogue(testRule('FD-T-READ', 'status', ['GetCustomer', 'DeleteCustomer']));
  const whole: Parameters<typeof ruleGapsOfRun>[2] = {
    target: 'mock',
    selection: { projects: ['financial-data'], files: [] },
    ranToEnd: true,
  };
  // Two checks cite the rule; each covers the operation its coverage records name.
  const ran: Evidence[] = [
    { rules: ['FD-T-READ'], operations: ['GetCustomer', 'AddTestingCustomer'] },
    { rules: ['FD-T-READ'], operations: ['DeleteCustomer'] },
  ];
  const gaps = (evidence: Evidence[], run = whole) =>
    ruleGapsOfRun('financial-data', rulePathReport(catalogue, contract, evidence, []), run);
  expect(gaps(ran), 'every cell covered').toEqual([]);
  // The only check of the DeleteCustomer cell removed (or skipped: a skipped check is no evidence of the run).
  expect(gaps(ran.slice(0, 1))).toEqual([
    'financial-data: FD-T-READ op DeleteCustomer (catalogue): no check that ran cites the rule there and called it, and no written justification',
  ]);
  // A check that names the operation in its text but never called it (the listing's blind spot).
  expect(gaps([ran[0], { rules: ['FD-T-READ'], operations: ['GetCustomer'] }])).toHaveLength(1);
  // Judged only where the run saw the whole project on the mock, to its end.
  const oneFile = { projects: ['financial-data'], files: ['tests/financial-data/x.spec.ts'] };
  expect(gaps(ran.slice(0, 1), { ...whole, selection: oneFile })).toEqual([]);
  expect(gaps(ran.slice(0, 1), { ...whole, target: 'sandbox' })).toEqual([]);
  expect(gaps(ran.slice(0, 1), { ...whole, ranToEnd: false })).toEqual([]);
});

test("a property checker's counts add its rule's paths: probed covered, left out justified by its reason, else empty", async ({
  contracts,
}) => {
  const contract = await contracts('financial-data');
  const catalogue = fdCatalogue(testRule('FD-T-PROP', 'state', ['AddCustomer']));
  const info = { annotations: [] as { type: string; description?: string }[] } as unknown as TestInfo;
  const count = {
    property: 'p',
    service: 'financial-data',
    rule: 'FD-T-PROP',
    applies: ['AddCustomer', 'ModifyCustomer', 'DeleteCustomer'],
  };
  countProperty(info, {
    ...count,
    checked: ['AddCustomer'],
    exceptions: [{ operationId: 'DeleteCustomer', reason: 'answers no body to compare' }],
  });
  // A second check probes what the first left out: checked wins.
  countProperty(info, { ...count, checked: ['DeleteCustomer'], exceptions: [] });
  const tallies = tallyProperties(propertyCountsOf(info.annotations));
  expect(tallies).toEqual([
    {
      property: 'p',
      rule: 'FD-T-PROP',
      applies: ['AddCustomer', 'DeleteCustomer', 'ModifyCustomer'],
      checked: ['AddCustomer', 'DeleteCustomer'],
      exceptions: [],
      unaccounted: ['ModifyCustomer'],
    },
  ]);
  const report = rulePathReport(catalogue, contract, [], [], tallies);
  expect(report.open.map((c) => `${c.path} ${c.from} ${c.state}`)).toEqual(['op ModifyCustomer property empty']);
  expect(report.properties).toEqual(tallies);
  const first = tallyProperties(propertyCountsOf(info.annotations).slice(0, 1));
  expect(rulePathReport(catalogue, contract, [], [], first).open.map((c) => `${c.path} ${c.state} ${c.reason ?? ''}`)).toEqual([
    'op DeleteCustomer justified p: answers no body to compare',
    'op ModifyCustomer empty ',
  ]);
  // A count that does not add up is the checker's defect.
  expect(() => countProperty(info, { ...count, checked: ['GetCustomer'], exceptions: [] })).toThrow(/GetCustomer counted but not/);
  expect(() => countProperty(info, { ...count, checked: [], exceptions: [{ operationId: 'AddCustomer', reason: '' }] })).toThrow(
    /without a reason/,
  );
});
