// Covers: the provider guard (tools/diff/provider-facts.ts). Each service's provider facts
// (schemas/<service>/provider-facts.json, `npm run provider-facts`) and its contract say the same, but
// where the deviation ledger (schemas/<service>/deviations.yaml) accounts for it, no entry stale. Seeded
// edits of the contract fail the guard, naming the place and the entry to write; the facts hold none of
// the provider's prose and a hand edit of them is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectToEqual, test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';
import {
  absenceLine,
  factsFile,
  factsOf,
  guardAdvice,
  guardService,
  readFacts,
  readFactsAbsence,
} from '../../tools/diff/provider-facts.js';
import { SERVICES } from '../../helpers/contract/services.js';
import { baseVersion, contractVersions } from '../../helpers/contract/versions.js';

type Json = any;

/** Every service with provider facts (card enrollment has none: docs/diff-and-drift.md, "Provider guard"). */
const GUARDED_SERVICES = SERVICES.map((s) => s.name).filter((name) => fs.existsSync(factsFile(name)));

test('financial data and installments keep the facts of the provider document their contract follows', () => {
  expect(GUARDED_SERVICES).toEqual(expect.arrayContaining(['financial-data', 'installments']));
  // Each base version's facts are of that version (helpers/contract/versions.ts reads it from the contract's info.version).
  for (const service of GUARDED_SERVICES)
    expect(readFacts(service, factsFile(service))?.source).toMatchObject({ version: baseVersion(service) });
});

// `npm run diff --to <document>` compares a published document as its facts (factsOf), and the
// facts of facts are the facts: so a diff against a document and one against its stored facts name
// the same changes, with the same exit code, for every stored version.
test('the facts of every stored version are a fixed point of their derivation: a document and its facts diff alike', () => {
  for (const service of GUARDED_SERVICES)
    for (const version of contractVersions(service)) {
      const facts = readFacts(service, factsFile(service, version));
      if (!facts) continue;
      // Step-free when equal (fixtures/assertions/quiet.ts): each whole document would be sent to the runner as the step's params.
      expectToEqual(factsOf(service, facts.document, '', 'facts').document, facts.document, `${service} ${version}`);
    }
});

test('every service has provider facts or a recorded absence, never both; card enrollment records its absence', () => {
  for (const { name } of SERVICES) {
    const absence = readFactsAbsence(name);
    expect(Boolean(absence) !== fs.existsSync(factsFile(name)), `${name}: provider facts or a recorded absence, not both`).toBe(true);
    if (!absence) continue;
    const line = absenceLine(absence);
    test.info().annotations.push({ type: 'provider document absent', description: line });
    console.log(line);
  }
  const card = readFactsAbsence('card-enrollment');
  expect(card?.document).toContain('Card API 1.0.0');
  expect(card?.where.length).toBeGreaterThan(0);
});

for (const service of GUARDED_SERVICES) {
  test(`${service}: the contract says what the provider's document says, but where the deviation ledger accounts for it`, async ({
    contracts,
  }, testInfo) => {
    const contract = await contracts(service);
    const guard = guardService(service, contract);
    expect(
      guard,
      `schemas/${service}/provider-facts.json is missing: npm run provider-facts -- --service ${service} --from <document>`,
    ).toBeDefined();
    const advice = guardAdvice(service, guard!.unaccounted, guard!.stale, contract.version);
    if (advice) await testInfo.attach('what to do', { body: advice, contentType: 'text/plain' });
    expect(guard!.unaccounted.length + guard!.stale.length, advice).toBe(0);
    // The facts cover the whole document: every operation of ours is one of the provider's.
    expect(guard!.result.counts['outside the suite']).toBe(0);
  });
}

/** One edit of the financial data contract, guarded on the operation it touches -> the one change it leaves unaccounted, and what the advice names. */
const SEEDED: [title: string, operation: string, edit: (doc: Json) => void, key: RegExp, advice: string[]][] = [
  [
    'an enum closed in the contract where the provider leaves the string open',
    'GetCustomerTransaction',
    (doc) => (doc.components.schemas.Transaction.properties.type.enum = ['debit', 'credit']),
    /^false-alarm risk: schemas\/Transaction type\.enum \| enum removed$/,
    [
      'GET /aggregation/v2/customers/{customerId}/transactions/{transactionId} (GetCustomerTransaction) response 200',
      "  - key: 'schemas/Transaction type.enum | enum removed'",
      'schemas/financial-data/deviations.yaml',
    ],
  ],
  [
    'a member the contract requires and the provider does not',
    'GetCustomerTransaction',
    (doc) => doc.components.schemas.Transaction.required.push('memo'),
    /^false-alarm risk: schemas\/Transaction required \| required relaxed memo$/,
    ['`memo` no longer required'],
  ],
  [
    'a status the provider documents and the contract drops',
    'GetCustomer',
    (doc) => delete Object.values<Json>(doc.paths).find((item) => item.get?.operationId === 'GetCustomer').get.responses['404'],
    /^false-alarm risk: .*\| status added/,
    ['(GetCustomer) response 404'],
  ],
];

for (const [title, operation, edit, key, advice] of SEEDED)
  test(`${title} fails the guard`, async ({ contracts }) => {
    const contract = await contracts('financial-data');
    const document = structuredClone(contract.document);
    edit(document);
    const guard = guardService('financial-data', contract, { document, operations: [operation] })!;
    expect(guard.unaccounted.map((c) => `${c.class}: ${c.key}`)).toEqual([expect.stringMatching(key)]);
    const text = guardAdvice('financial-data', guard.unaccounted, []);
    for (const part of advice) expect(text).toContain(part);
  });

test('the facts hold no prose of the provider, and a hand edit of them is refused', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Made up', version: '9.9.9', description: 'Prose of the provider.' },
    tags: [{ name: 'Widgets', description: 'Prose.' }],
    servers: [{ url: 'https://example.test' }],
    paths: {
      '/widgets': {
        get: {
          operationId: 'listWidgets',
          summary: 'Prose.',
          tags: ['Widgets'],
          'x-vendor': true,
          parameters: [{ name: 'limit', in: 'query', description: 'Prose.', example: 5, schema: { type: 'integer', maximum: 100 } }],
          responses: {
            '200': {
              description: 'Prose.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' }, examples: { one: { value: {} } } } },
            },
          },
        },
      },
    },
    components: {
      examples: { one: { value: { secret: 'x' } } },
      schemas: {
        Widget: {
          type: 'object',
          description: 'Prose.',
          required: ['description'],
          // A member named like a keyword is a name, kept.
          properties: { description: { type: 'string', maxLength: 30, example: 'Prose.' }, kind: { type: 'string', enum: ['a', 'b'] } },
        },
      },
    },
  };
  const facts = factsOf('widgets', doc, JSON.stringify(doc), '/somewhere/widgets.yaml');
  expect(facts.source).toMatchObject({ version: '9.9.9', file: 'widgets.yaml' });
  expect(facts.source.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(facts.document)).not.toContain('Prose');
  expect(JSON.stringify(facts.document)).not.toContain('example');
  expect(facts.document.components.schemas.Widget).toEqual({
    type: 'object',
    required: ['description'],
    properties: { description: { type: 'string', maxLength: 30 }, kind: { type: 'string', enum: ['a', 'b'] } },
  });
  expect(facts.document.paths['/widgets'].get.parameters[0]).toEqual({
    name: 'limit',
    in: 'query',
    schema: { type: 'integer', maximum: 100 },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facts-'));
  const file = path.join(dir, 'provider-facts.json');
  fs.writeFileSync(file, JSON.stringify({ ...facts, document: { ...facts.document, info: { version: '9.9.10' } } }));
  expect(() => readFacts('widgets', file)).toThrow(/edited by hand/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('npm run provider-facts writes the facts of a document with its version and sha256', async () => {
  const { main } = await import('../../scripts/provider-facts.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facts-cmd-'));
  const doc = path.join(dir, 'doc.json');
  fs.writeFileSync(doc, JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '2.1.0' }, paths: {} }));
  const out = path.join(dir, 'facts.json');
  const ok = await runInProcess(main, ['--service', 'installments', '--from', doc, '--out', out]);
  expect(ok.code, ok.output).toBe(0);
  expect(readFacts('installments', out)?.source.version).toBe('2.1.0');
  expect(fs.existsSync(factsFile('installments'))).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
