// Covers: tools/diff/ledger.ts (the deviation ledger, schemas/<service>/deviations.yaml) and the
// stable key of a diff change: an entry subtracts the change its key names (counts recomputed); an
// entry that matches no change is reported as stale; an entry without `source` is refused with a
// one-line error (by `npm run diff` too, exit 2); a key does not move when unrelated parts of
// either document change; the console lists every change with its key and what to edit.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';
import type { SuiteView } from '../../tools/diff/classify.js';
import { asDocument } from '../../tools/diff/documents.js';
import { applyLedger, LedgerError, readLedger } from '../../tools/diff/ledger.js';
import { diffForSuite, type DiffResult } from '../../tools/diff/suite-diff.js';
import type { Rule } from '../../helpers/contract/rules.js';
import { testRule, expectOneErrorLine } from './support.known.js';

type Json = any;

const gadgets = (): Json => ({
  openapi: '3.1.0',
  info: { title: 'Gadgets', version: '1.0.0' },
  paths: {
    '/gadgets': {
      post: {
        operationId: 'createGadget',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewGadget' } } } },
        responses: { '201': { description: 'created' }, '400': { description: 'refused' } },
      },
      get: {
        operationId: 'listGadgets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: { '200': { description: 'the gadgets' } },
      },
    },
  },
  components: {
    schemas: {
      NewGadget: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 20 }, size: { type: 'string', enum: ['s', 'm', 'l'] } },
      },
    },
  },
});

const rule = (id: string, kind: Rule['kind'], operations: string[], text: string) => testRule(id, kind, operations, { text });
const view: SuiteView = {
  service: 'gadgets',
  operations: [
    { operationId: 'createGadget', method: 'POST', path: '/gadgets' },
    { operationId: 'listGadgets', method: 'GET', path: '/gadgets' },
  ],
  rules: [
    rule('G-LIM-NAME', 'limit', ['createGadget'], 'a name has at most 20 characters'),
    rule('G-PAGE-LIMIT', 'range', ['listGadgets'], 'limit is 1 to 100'),
  ],
};

function diff(change: (doc: Json) => void, base = gadgets()): DiffResult {
  const after = structuredClone(base);
  change(after);
  return diffForSuite(asDocument(base, 'ours'), asDocument(after, 'provider'), view);
}

/** The provider's document: no maxLength on name (our seed says 20), and no maximum on limit. */
const provider = (d: Json) => {
  delete d.components.schemas.NewGadget.properties.name.maxLength;
  delete d.paths['/gadgets'].get.parameters[0].schema.maximum;
};

// In the test's output folder (emptied when a run starts), not left behind in the system's temporary folder.
function ledgerAt(text: string): string {
  fs.mkdirSync(test.info().outputPath(), { recursive: true });
  const dir = fs.mkdtempSync(path.join(test.info().outputPath(), 'ledger-'));
  const file = path.join(dir, 'deviations.yaml');
  fs.writeFileSync(file, text);
  return file;
}

/** The keys of the false-alarm risks of a diff, sorted. */
const keys = (r: DiffResult) =>
  r.changes
    .filter((c) => c.class === 'false-alarm risk')
    .map((c) => c.key)
    .sort();

test('a change has a key naming its component, its path there and its kind', () => {
  expect(keys(diff(provider))).toEqual([
    'listGadgets query limit maximum | limit relaxed',
    'schemas/NewGadget name.maxLength | limit relaxed',
  ]);
});

test('a key does not move when unrelated parts of either document change', () => {
  const before = keys(diff(provider));
  const edited = gadgets();
  // Unrelated edits of our contract: a description, a new optional field, a new operation first in the document.
  edited.components.schemas.NewGadget.description = 'A gadget to create.';
  edited.components.schemas.NewGadget.properties.colour = { type: 'string' };
  edited.paths = { '/aaa': { get: { operationId: 'aaa', responses: { '200': { description: 'ok' } } } }, ...edited.paths };
  const after = keys(
    diff((d) => {
      provider(d);
      d.components.schemas.NewGadget.properties.name.description = 'Its name.';
    }, edited),
  );
  expect(after).toEqual(before);
  expect(after).toHaveLength(2);
});

test('a ledger entry subtracts the change its key names; the counts follow', () => {
  const r = diff(provider);
  expect(r.counts['false-alarm risk']).toBe(2);
  const file = ledgerAt(
    [
      'deviations:',
      "  - key: 'schemas/NewGadget name.maxLength | limit relaxed'",
      "    source: 'seed (self test), Limits: a name holds at most 20 characters'",
      '    rules: [G-LIM-NAME]',
    ].join('\n'),
  );
  const outcome = applyLedger(r, readLedger(file)!, file, new Set(['G-LIM-NAME', 'G-PAGE-LIMIT']));
  expect(outcome.subtracted).toEqual([
    expect.objectContaining({ key: 'schemas/NewGadget name.maxLength | limit relaxed', class: 'false-alarm risk' }),
  ]);
  expect(outcome.stale).toEqual([]);
  expect(outcome.unknownRules).toEqual([]);
  expect(r.counts['false-alarm risk']).toBe(1);
  expect(r.changes.map((c) => c.key)).not.toContain('schemas/NewGadget name.maxLength | limit relaxed');
});

test('a ledger entry that matches no change is reported as stale, an unknown rule id too', () => {
  const r = diff(provider);
  const file = ledgerAt(
    [
      'deviations:',
      "  - { key: 'schemas/NewGadget size.enum | enum removed', source: 'seed (self test): sizes s, m, l', rules: [G-SIZE] }",
    ].join('\n'),
  );
  const outcome = applyLedger(r, readLedger(file)!, file, new Set(['G-LIM-NAME', 'G-PAGE-LIMIT']));
  expect(outcome.subtracted).toEqual([]);
  expect(outcome.stale).toEqual(['schemas/NewGadget size.enum | enum removed']);
  expect(outcome.unknownRules).toEqual(['G-SIZE']);
  expect(r.counts['false-alarm risk']).toBe(2);
});

test('a ledger entry without source is refused with a one-line error', () => {
  const file = ledgerAt("deviations:\n  - key: 'schemas/NewGadget name.maxLength | limit relaxed'\n    rules: [G-LIM-NAME]\n");
  expect(() => readLedger(file)).toThrow(LedgerError);
  // One line: the whole message without a line break.
  expect(() => readLedger(file)).toThrow(/^[^\n]*entry 'schemas\/NewGadget name\.maxLength \| limit relaxed' has no source[^\n]*$/);
});

test('npm run diff writes the report and exits 1 on a false-alarm risk; refuses a ledger entry without source in one line (exit 2), and subtracts a good one', async ({
  contracts,
}, testInfo) => {
  const contract = await contracts('card-enrollment');
  const after = structuredClone(contract.document);
  after.components.schemas.Consumer.properties.firstName.maxLength = 40;
  const dir = testInfo.outputPath();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'after.json'), JSON.stringify(after));
  const args = ['--service', 'card-enrollment', '--to', path.join(dir, 'after.json'), '--rules-only', '--ledger'];
  // Its main in this worker (the e2e commands start its command line).
  const { main } = await import('../../scripts/diff.js');
  const run = (argv: string[]) => runInProcess(main, argv);

  fs.writeFileSync(path.join(dir, 'bad.yaml'), "deviations:\n  - key: 'x | limit relaxed'\n");
  const bad = await run([...args, path.join(dir, 'bad.yaml')]);
  expectOneErrorLine(bad, "entry 'x | limit relaxed' has no source");

  // Every change to act on is printed with its key; the ledger takes the one named out.
  const first = await run([...args, path.join(dir, 'none.yaml')]);
  expect(first.output).toContain('cannot read');
  const plain = await run(args.slice(0, -1));
  await testInfo.attach('output', { body: plain.output, contentType: 'text/plain' });
  const key = /key: (.+\| limit relaxed)/.exec(plain.output)?.[1];
  expect(key, plain.output).toBeTruthy();
  expect(plain.output).toContain('CE-LIM-FIRSTNAME');
  // Without a ledger: exit 1 on the false-alarm risk, written to the report with its kind and detail.
  expect(plain.code, plain.output).toBe(1);
  expect(plain.output).toMatch(/false-alarm risk\s+1\b/);
  expect(JSON.parse(fs.readFileSync('reports/diff-card-enrollment.json', 'utf8')).changes).toContainEqual(
    expect.objectContaining({ class: 'false-alarm risk', kind: 'limit relaxed', detail: '`consumer.firstName` maxLength 30 -> 40' }),
  );
  expect(plain.output).toMatch(/edit: schemas\/card-enrollment\/openapi\.yaml/);
  fs.writeFileSync(
    path.join(dir, 'good.yaml'),
    `deviations:\n  - key: '${key}'\n    source: 'self test: the stricter limit is kept'\n    rules: [CE-LIM-FIRSTNAME]\n  - key: 'nothing here | limit relaxed'\n    source: 'self test: a stale entry'\n`,
  );
  const good = await run([...args, path.join(dir, 'good.yaml')]);
  await testInfo.attach('with ledger', { body: good.output, contentType: 'text/plain' });
  expect(good.code, good.output).toBe(0);
  expect(good.output).toMatch(/false-alarm risk\s+0\b/);
  expect(good.output).toContain('subtracted 1 change (1 false-alarm risk); 1 stale');
  expect(good.output).toContain('stale (matches no change; review or remove it): nothing here | limit relaxed');
  fs.rmSync(dir, { recursive: true, force: true });
});
