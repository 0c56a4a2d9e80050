// Covers: `npm run replay` (tools/replay/, scripts/replay.ts). A collection of our own, a few
// requests shaped like a Postman v2.1 export, meets each class once against the financial data
// mock; a mock fault makes one correct request a defect (exit 1), without it the run passes (exit
// 0); bad input is one line and exit 2. The provider's collection is never part of the repository.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { fdHeaderNames } from '../../helpers/contract/facts.js';
import { expectedStatuses } from '../../tools/replay/expected.js';
import type { ReplayResult } from '../../tools/replay/report.js';

// The provider's header names, as its collection writes them (the contract's x-provider-name).
const NAMES = fdHeaderNames(await loadContract('financial-data'), 'provider');
const AUTH = [
  { key: NAMES.appKey, value: '{{appKey}}' },
  { key: NAMES.appToken, value: '{{appToken}}' },
];
const json = (value: unknown) => ({ mode: 'raw', raw: JSON.stringify(value), options: { raw: { language: 'json' } } });
const asserting = (...lines: string[]) => [{ listen: 'test', script: { type: 'text/javascript', exec: lines } }];

const CONTENT_TYPE = { key: 'Content-Type', value: 'application/json' };
/** An item of a collection: a request of the base URL with its test's assertions, if any; a body goes as JSON, said in its header. */
const item = (name: string, method: string, url: string, more: { header?: unknown[]; body?: unknown; asserts?: string[] } = {}) => ({
  name,
  ...(more.asserts ? { event: asserting(...more.asserts) } : {}),
  request: {
    method,
    header: more.header ?? (more.body === undefined ? AUTH : [...AUTH, CONTENT_TYPE]),
    url: `{{baseUrl}}${url}`,
    ...(more.body === undefined ? {} : { body: json(more.body) }),
  },
});

/** A request answered with the status its test expects, but not the body: a defect of shape. */
const SHAPE_FOLDER = {
  name: 'Shape',
  item: [
    item('Our customer under a name it does not have', 'GET', '/aggregation/v1/customers/{{customerId}}', {
      asserts: ['pm.response.to.have.status(200);', 'pm.expect(pm.response.json().username).to.equal("nobody-by-this-name");'],
    }),
  ],
};

/** Our own small collection: one request per class, one a mock fault turns into a defect, one of the wrong shape. */
const OWN_COLLECTION = {
  info: { name: 'Replay self test', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  variable: [{ key: 'baseUrl', value: 'https://provider.invalid' }],
  item: [
    {
      name: 'Session',
      item: [
        item('Sign the partner in', 'POST', '/aggregation/v2/partners/authentication', {
          header: [AUTH[0], CONTENT_TYPE],
          body: { partnerId: '{{partnerId}}', partnerSecret: '{{partnerSecret}}' },
          asserts: [
            'pm.test("signed in", () => pm.response.to.have.status(200));',
            'pm.globals.set("appToken", pm.response.json().token);',
          ],
        }),
      ],
    },
    {
      name: 'Lookups',
      item: [
        item('Our own customer', 'GET', '/aggregation/v1/customers/{{customerId}}'),
        item('A bank only the provider lists', 'GET', '/institution/v2/institutions/99887766', {
          asserts: ['pm.expect(pm.response.code).to.equal(200);'],
        }),
        item('Banks without the app key', 'GET', '/institution/v2/institutions?search=finbank', { header: [AUTH[1]] }),
        item(
          'Accounts of a login nobody named',
          'GET',
          '/aggregation/v1/customers/{{customerId}}/institutionLogins/{{loginNobodySet}}/accounts',
        ),
      ],
    },
    {
      name: 'Reports',
      item: [
        item('Transactions report, no dates', 'POST', '/decisioning/v2/customers/{{customerId}}/transactions', {
          body: {},
          asserts: ['pm.expect(pm.response.code).to.be.oneOf([202]);'],
        }),
      ],
    },
    {
      name: 'Connect',
      item: [
        item('Connect link in French', 'POST', '/connect/v2/generate', {
          body: { partnerId: '{{partnerId}}', customerId: '{{customerId}}', language: 'fr' },
          asserts: ['pm.expect(pm.response.code).to.equal(200);'],
        }),
      ],
    },
    SHAPE_FOLDER,
  ],
};

/** The class each item of our collection gets (the French link: a defect under the fault only). */
const CLASSES: Record<string, string> = {
  'Session / Sign the partner in': 'expected',
  'Lookups / Our own customer': 'expected',
  'Lookups / A bank only the provider lists': 'data the mock lacks',
  'Lookups / Banks without the app key': 'collection inconsistency',
  'Lookups / Accounts of a login nobody named': 'collection inconsistency',
  'Reports / Transactions report, no dates': 'seed-vs-provider conflict',
};

const FAULT = 'fd-connect-language-french-refused';

let dir: string;
let collection: string;
/** The same without the request of the wrong shape: every request then explained. */
let explained: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-'));
  collection = write('own-collection.json', JSON.stringify(OWN_COLLECTION));
  explained = write(
    'own-collection-explained.json',
    JSON.stringify({ ...OWN_COLLECTION, item: OWN_COLLECTION.item.filter((f) => f !== SHAPE_FOLDER) }),
  );
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const readResult = (out: string): ReplayResult => JSON.parse(fs.readFileSync(path.join(out, 'replay-financial-data.json'), 'utf8'));

// The replays run the command's main in this worker, with the variables given; its command line is started by the e2e commands.
const replayMain = async () => (await import('../../scripts/replay.js')).main;

test('each class once; a mock fault that refuses a correct request is a defect and exit 1', async () => {
  const out = path.join(dir, 'with-fault');
  const { code, output } = await runInProcess(await replayMain(), ['--collection', collection, '--out', out], { MOCK_FAULTS: FAULT });
  expect(code, output).toBe(1);
  const result = readResult(out);
  const byItem = Object.fromEntries(result.rows.map((r) => [r.item, r]));
  for (const [item, cls] of Object.entries(CLASSES)) expect(byItem[item]?.class, `${item}: ${byItem[item]?.reason}`).toBe(cls);
  expect(byItem['Connect / Connect link in French'].class).toBe('mock or contract defect');
  expect(byItem['Shape / Our customer under a name it does not have'].class).toBe('mock or contract defect');
  expect(byItem['Shape / Our customer under a name it does not have'].reason).toContain('200 as expected, but its test fails');
  expect(result.total).toBe(Object.keys(CLASSES).length + 2);
  // The reasons name what the classes rest on.
  expect(byItem['Lookups / Banks without the app key'].reason).toContain(`no ${NAMES.appKey} header`);
  expect(byItem['Lookups / Accounts of a login nobody named'].reason).toContain('unresolved {{loginNobodySet}}');
  expect(byItem['Lookups / A bank only the provider lists'].reason).toContain('99887766');
  expect(byItem['Reports / Transactions report, no dates'].reason).toMatch(/seed 002.*provider 1\.35\.0/);
  // The console: the counts per class and where the reports are.
  expect(output).toMatch(/mock or contract defect\s+2/);
  expect(output).toMatch(/data the mock lacks\s+1/);
  expect(output).toContain(`reports: ${path.join(out, 'replay-financial-data.md')}`);
  // No key, secret or token of the mock in the reports or on the console (their recognisable prefixes).
  for (const text of [output, fs.readFileSync(path.join(out, 'replay-financial-data.md'), 'utf8'), JSON.stringify(result)]) {
    expect(text).not.toMatch(/fdak_|fdtk_|fdPs!/);
  }
  const md = fs.readFileSync(path.join(out, 'replay-financial-data.md'), 'utf8');
  expect(md).toContain('## mock or contract defect (2)');
  expect(md).toContain(FAULT);
});

test('without the fault every request is explained and the replay exits 0', async () => {
  const out = path.join(dir, 'fault-free');
  const { code, output } = await runInProcess(await replayMain(), ['--collection', explained, '--out', out]);
  expect(code, output).toBe(0);
  const result = readResult(out);
  expect(result.counts['mock or contract defect']).toBe(0);
  expect(result.rows.find((r) => r.item === 'Connect / Connect link in French')?.class).toBe('expected');
});

test('the expected status is read from the forms of assertion a collection uses', () => {
  expect(expectedStatuses(['pm.response.to.have.status(201)']).statuses).toEqual([201]);
  expect(expectedStatuses(['pm.expect(pm.response.code).to.equals(204)']).statuses).toEqual([204]);
  expect(expectedStatuses(['pm.expect(pm.response.code).to.be.oneOf([202, 429, 401])']).statuses).toEqual([202, 401, 429]);
  expect(expectedStatuses(['pm.expect([201, 401]).contain(pm.response.code)']).statuses).toEqual([201, 401]);
  expect(expectedStatuses(['pm.response.to.be.notFound']).statuses).toEqual([404]);
  // A condition and a commented-out assertion are no expectation: any 2xx then.
  expect(expectedStatuses(['if (pm.response.code == 403) { throw Error("no") }', '// pm.response.to.have.status(500)']).statuses).toEqual(
    [],
  );
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}
