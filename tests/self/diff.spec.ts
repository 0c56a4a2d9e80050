// Covers: tools/diff (npm run diff): small contract pairs made for the purpose, each with one change,
// classified from the suite's point of view; the same change at two operations and under its component
// merged; descriptions counted, not listed; the edit of a shared component proposed per operation;
// --from/--to without the ledger; obsolete and tightened exit 1; bad input answered in one line.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { runInProcess } from './commands.known.js';
import type { SuiteView } from '../../tools/diff/classify.js';
import { asDocument } from '../../tools/diff/documents.js';
import { documentIndex, type EditIndex } from '../../tools/diff/edits.js';
import { actionLines, compactActionLines } from '../../tools/diff/report.js';
import { atoms } from '../../tools/diff/locate.js';
import type { Diff } from 'api-smart-diff';
import { diffForSuite, type DiffResult } from '../../tools/diff/suite-diff.js';
import { componentUsers } from '../../tools/diff/normalize.js';
import type { Rule } from '../../helpers/contract/rules.js';
import { inTempDir, testRule } from './support.known.js';

type Json = any;

/** A small widget service: one component shared by a request and two responses. */
const widgets = (): Json => ({
  openapi: '3.0.3',
  info: { title: 'Widgets', version: '1.0.0' },
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewWidget' } } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
          '400': { description: 'refused' },
        },
      },
    },
    '/widgets/{id}': {
      get: {
        operationId: 'getWidget',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'the widget', content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
          '404': { description: 'no such widget' },
        },
      },
    },
  },
  components: {
    schemas: {
      NewWidget: {
        type: 'object',
        required: ['name', 'colour'],
        properties: { name: { type: 'string', maxLength: 30, description: 'Its name.' }, colour: { $ref: '#/components/schemas/Colour' } },
      },
      Widget: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string' }, colour: { $ref: '#/components/schemas/Colour' } },
      },
      Colour: { type: 'string', enum: ['red', 'green', 'blue'] },
    },
  },
});

const rule = (id: string, kind: Rule['kind'], operations: string[], text: string) => testRule(id, kind, operations, { text });
const view: SuiteView = {
  service: 'widgets',
  operations: [
    { operationId: 'createWidget', method: 'POST', path: '/widgets' },
    { operationId: 'getWidget', method: 'GET', path: '/widgets/{id}' },
  ],
  rules: [
    rule('W-LIM-NAME', 'limit', ['createWidget'], 'a name has at most 30 characters'),
    rule('W-REQ-COLOUR', 'required', ['createWidget'], 'a widget without colour is a 400'),
    rule('W-ENUM-COLOUR', 'enum', ['createWidget', 'getWidget'], 'colour is red, green or blue'),
    rule('W-STATUS-UNKNOWN', 'status', ['getWidget'], 'an unknown id is a 404'),
    rule(
      'W-NEGATIVE',
      'error',
      ['createWidget', 'getWidget'],
      'every request the contract refuses (generated from it) is refused with a 4xx',
    ),
  ],
};

function diff(change: (doc: Json) => void): DiffResult {
  const after = widgets();
  change(after);
  return diffForSuite(asDocument(widgets(), 'before'), asDocument(after, 'after'), view);
}

/** The changes the suite must act on (every class but `no check affected`). */
const acted = (r: DiffResult) =>
  r.changes
    .filter((c) => c.class !== 'no check affected')
    .map((c) => ({ class: c.class, kind: c.kind, rules: c.rules.map((x) => x.id).sort() }));

test('a status added is a false-alarm risk: statusCodeConformance fails a target answering it', () => {
  const r = diff((d) => (d.paths['/widgets/{id}'].get.responses['429'] = { description: 'too many requests' }));
  expect(acted(r)).toEqual([{ class: 'false-alarm risk', kind: 'status added', rules: [] }]);
  expect(r.changes[0]).toMatchObject({ where: 'GET /widgets/{id} (getWidget) response 429', builtIn: ['statusCodeConformance'] });
});

test('a required field relaxed is a false-alarm risk for the checks that refuse its absence', () => {
  const r = diff((d) => (d.components.schemas.NewWidget.required = ['name']));
  expect(acted(r)).toEqual([{ class: 'false-alarm risk', kind: 'required relaxed', rules: ['W-NEGATIVE', 'W-REQ-COLOUR'] }]);
  expect(r.changes[0].detail).toBe('`colour` no longer required');
  // Seen at the operation and under the component NewWidget: one change.
  expect(r.changes[0]).toMatchObject({ component: 'schemas/NewWidget', merged: 2 });
});

test('a limit tightened leaves its check laxer than the contract', () => {
  const r = diff((d) => (d.components.schemas.NewWidget.properties.name.maxLength = 20));
  expect(acted(r)).toEqual([{ class: 'tightened', kind: 'limit tightened', rules: ['W-LIM-NAME'] }]);
  expect(r.changes[0].detail).toBe('`name` maxLength 30 -> 20');
});

test('a limit relaxed is a false-alarm risk', () => {
  const r = diff((d) => (d.components.schemas.NewWidget.properties.name.maxLength = 64));
  expect(acted(r)).toEqual([{ class: 'false-alarm risk', kind: 'limit relaxed', rules: ['W-LIM-NAME', 'W-NEGATIVE'] }]);
});

test('an operation the newer document deprecates is named; a change of a component reached only through an anyOf names the operations that reach it', () => {
  const deprecated = diff((d) => (d.paths['/widgets/{id}'].get.deprecated = true));
  expect(deprecated.changes.map((c) => [c.kind, c.operations])).toEqual([['operation deprecated', ['getWidget']]]);
  // A component a response reaches only through an anyOf of another component: its operation is named
  // (a change the diff library lists under the component alone is shown with the operations reaching it).
  const doc = widgets();
  doc.components.schemas.Gadget = { type: 'object', properties: { size: { type: 'integer', maximum: 9 } } };
  doc.components.schemas.Widget.properties.part = { anyOf: [{ $ref: '#/components/schemas/Gadget' }, { type: 'string' }] };
  expect([...componentUsers(doc).get('schemas/Gadget')!].sort()).toEqual(['createWidget', 'getWidget']);
  expect([...componentUsers(doc).get('schemas/Colour')!].sort()).toEqual(['createWidget', 'getWidget']);
});

test('an operation added is unchecked; one removed makes its checks obsolete', () => {
  const added = diff(
    (d) => (d.paths['/widgets/{id}/paint'] = { post: { operationId: 'paintWidget', responses: { '204': { description: 'painted' } } } }),
  );
  expect(acted(added)).toEqual([{ class: 'unchecked', kind: 'operation added', rules: [] }]);
  const removed = diff((d) => delete d.paths['/widgets/{id}']);
  expect(acted(removed)).toEqual([
    { class: 'obsolete', kind: 'operation removed', rules: ['W-ENUM-COLOUR', 'W-NEGATIVE', 'W-STATUS-UNKNOWN'] },
  ]);
});

test('an enum value removed tightens the enum checks; one added is a false-alarm risk; the shared component is one change', () => {
  const removed = diff((d) => (d.components.schemas.Colour.enum = ['red', 'green']));
  expect(acted(removed)).toEqual([{ class: 'tightened', kind: 'enum value removed', rules: ['W-ENUM-COLOUR'] }]);
  // Colour is used by the request, the 201 and the 200, and listed under Colour, NewWidget and
  // Widget: six sightings of the same change, one entry naming both operations.
  expect(removed.changes[0].operations.sort()).toEqual(['createWidget', 'getWidget']);
  expect(removed.changes[0]).toMatchObject({ merged: 6, component: 'schemas/Colour' });
  const added = diff((d) => d.components.schemas.Colour.enum.push('black'));
  expect(acted(added)).toEqual([{ class: 'false-alarm risk', kind: 'enum value added', rules: ['W-ENUM-COLOUR', 'W-NEGATIVE'] }]);
});

test('a status a check expects, removed, is a false-alarm risk; descriptions are counted, not listed', () => {
  const r = diff((d) => {
    delete d.paths['/widgets/{id}'].get.responses['404'];
    d.components.schemas.NewWidget.properties.name.description = 'The name people see.';
  });
  expect(acted(r)).toEqual([{ class: 'false-alarm risk', kind: 'status removed', rules: ['W-STATUS-UNKNOWN'] }]);
  expect(r.annotations).toBeGreaterThan(0);
  expect(r.counts).toMatchObject({ 'false-alarm risk': 1, unchecked: 0, obsolete: 0, tightened: 0 });
});

test('OpenAPI 3.0 and 3.1 forms of one schema, renamed security schemes and reordered allOf members are no change', () => {
  const before = widgets();
  before.components.schemas.Widget = {
    allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { name: { type: 'string', nullable: true } } }],
  };
  before.components.schemas.Base = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
  before.components.securitySchemes = {
    Key: { type: 'apiKey', in: 'header', name: 'Partner-App-Key', 'x-provider-name': 'Vendor-App-Key' },
  };
  before.security = [{ Key: [] }];
  const after = structuredClone(before);
  after.components.schemas.Widget = {
    allOf: [{ type: 'object', properties: { name: { type: ['string', 'null'] } } }, { $ref: '#/components/schemas/Base' }],
  };
  after.components.securitySchemes = { VendorKey: { type: 'apiKey', in: 'header', name: 'Vendor-App-Key' } };
  after.security = [{ VendorKey: [] }];
  after.openapi = '3.1.0';
  const r = diffForSuite(asDocument(before, 'before'), asDocument(after, 'after'), view);
  expect(acted(r)).toEqual([]);
});

test('an enum dropped inline and one dropped through a shared schema are classed alike: enum removed, a false-alarm risk', () => {
  const before = widgets();
  before.components.schemas.Widget.properties.size = { type: 'string', enum: ['s', 'm', 'l'] };
  const after = structuredClone(before);
  // Inline: the newer document names the member's schema, an open string (its prose lists values).
  after.components.schemas.Size = { type: 'string', description: 'Sizes s, m or l may be returned.' };
  after.components.schemas.Widget.properties.size = { $ref: '#/components/schemas/Size' };
  // Shared: the component Colour loses its enum.
  delete after.components.schemas.Colour.enum;
  const r = diffForSuite(asDocument(before, 'before'), asDocument(after, 'after'), view);
  const enums = r.changes.filter((c) => /enum/.test(c.kind)).map((c) => ({ class: c.class, kind: c.kind, key: c.key }));
  expect(enums).toEqual([
    { class: 'false-alarm risk', kind: 'enum removed', key: 'schemas/Colour enum | enum removed' },
    { class: 'false-alarm risk', kind: 'enum removed', key: 'schemas/Widget size.enum | enum removed' },
  ]);
});

/** An edit index of a made-up contract: every operation in `paths.yaml`, what uses each component. */
const indexOf = (doc: Json): EditIndex => ({
  components: new Map(Object.keys(doc.components.schemas).map((n) => [`schemas/${n}`, 'components.yaml'])),
  operations: new Map(view.operations.map((o) => [o.operationId, 'paths.yaml'])),
  rules: new Map(),
  ...documentIndex(doc),
});

test('a status removed at one operation, its entry a $ref to a shared response: the edit is at that operation, the component stays', () => {
  const before = widgets();
  before.components.responses = { NotFound: { description: 'no such widget' } };
  before.paths['/widgets/{id}'].get.responses['404'] = { $ref: '#/components/responses/NotFound' };
  before.paths['/widgets'].post.responses['404'] = { $ref: '#/components/responses/NotFound' };
  const after = structuredClone(before);
  delete after.paths['/widgets/{id}'].get.responses['404'];
  const r = diffForSuite(asDocument(before, 'ours'), asDocument(after, 'provider'), view);
  const lines = actionLines(r, indexOf(before)).join('\n');
  expect(lines).toContain(
    'edit: paths.yaml, at getWidget: remove response 404 — there only: it is a $ref to responses/NotFound, which 1 other operation keeps (createWidget); leave the component as it is',
  );
});

test('a change of a shared schema seen at some of its operations names the others and proposes a schema of their own', () => {
  const before = widgets();
  const after = structuredClone(before);
  // The newer document gives the read its own schema, with a bound the shared Widget lacks.
  after.components.schemas.WidgetRead = structuredClone(after.components.schemas.Widget);
  after.components.schemas.WidgetRead.properties.name.maxLength = 10;
  after.paths['/widgets/{id}'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/WidgetRead';
  const r = diffForSuite(asDocument(before, 'ours'), asDocument(after, 'provider'), view);
  const limit = r.changes.find((c) => c.kind === 'limit added');
  expect(limit).toMatchObject({ operations: ['getWidget'], fromComponent: 'schemas/Widget' });
  const lines = actionLines(r, indexOf(before)).join('\n');
  expect(lines).toContain(
    'schemas/Widget is shared: editing it changes 1 other operation too (createWidget); to change only getWidget, give it a schema of its own in paths.yaml (schemas/Widget copied, with the edit) and leave schemas/Widget as it is',
  );
});

test('a request member the newer document drops is followed into the generated refusals that test its type', () => {
  const before = widgets();
  before.components.schemas.NewWidget.properties.fragile = { type: 'boolean' };
  const after = structuredClone(before);
  delete after.components.schemas.NewWidget.properties.fragile;
  const r = diffForSuite(asDocument(before, 'before'), asDocument(after, 'after'), view);
  expect(acted(r)).toEqual([{ class: 'obsolete', kind: 'field removed', rules: ['W-NEGATIVE'] }]);
  expect(r.changes[0].detail).toContain('the generated refusals still test its type');
});

test('npm run diff --from --to leaves the ledger out, saying so once; obsolete and tightened changes exit 1', async ({
  contracts,
}, testInfo) => {
  const contract = await contracts('card-enrollment');
  await inTempDir('diff-from-', async (dir) => {
    const from = path.join(dir, 'from.json');
    const to = path.join(dir, 'to.json');
    fs.writeFileSync(from, JSON.stringify(contract.document));
    const tighter = structuredClone(contract.document);
    tighter.components.schemas.Consumer.properties.firstName.maxLength = 20;
    fs.writeFileSync(to, JSON.stringify(tighter));
    const { main } = await import('../../scripts/diff.js');
    const run = await runInProcess(main, ['--service', 'card-enrollment', '--from', from, '--to', to, '--rules-only']);
    await testInfo.attach('output', { body: run.output, contentType: 'text/plain' });
    expect(run.output.match(/Deviation ledger/g)).toHaveLength(1);
    expect(run.output).toContain('not applied');
    expect(run.output).not.toContain('stale');
    expect(run.output).toMatch(/tightened\s+1\b/);
    expect(run.code).toBe(1);
  });
});

test('a variant inserted before another of an anyOf is one variant added, not a $ref changed and a variant moved', () => {
  // What the library lists for provider 1.42.0's Report (PaymentRiskInsightsReport inserted among the
  // report kinds): the first member's $ref swapped, and the kind it held added whole at the end.
  const at = ['components', 'schemas', 'Report', 'anyOf'];
  const member = (ref: string) => ({ allOf: [{ $ref: `#/components/schemas/${ref}` }, { type: 'object' }] });
  const firstRef = (from: string, to: string) => {
    const [before, after] = [from, to].map((ref) => `#/components/schemas/${ref}`);
    return { action: 'replace', path: [...at, 0, 'allOf', 0, '$ref'], before, after, type: 'breaking' };
  };
  const listed = [
    firstRef('Balance', 'Risk'),
    { action: 'add', path: [...at, 3], before: undefined, after: member('Balance'), type: 'non-breaking' },
    { action: 'add', path: ['components', 'schemas', 'Report', 'required', 0], before: undefined, after: 'id', type: 'breaking' },
  ] as unknown as Diff[];
  expect(atoms(listed)).toEqual([
    { action: 'add', path: [...at, 0], before: undefined, after: member('Risk'), type: 'breaking' },
    listed[2],
  ]);
  // Taken out: the mirror image.
  const removed = [
    firstRef('Risk', 'Balance'),
    { action: 'remove', path: [...at, 3], before: member('Balance'), after: undefined, type: 'breaking' },
  ] as unknown as Diff[];
  expect(atoms(removed)).toEqual([{ action: 'remove', path: [...at, 0], before: member('Risk'), after: undefined, type: 'breaking' }]);
});

test('the version-bump console lists one line a change, false-alarm risks first, each with its operation, place and rules', () => {
  const r = diff((d) => {
    d.components.schemas.Widget.properties.name.maxLength = 20; // tightened, at getWidget's answer
    d.paths['/widgets/{id}'].get.responses['429'] = { description: 'too many requests' }; // a false-alarm risk
  });
  const lines = compactActionLines(r).filter(Boolean);
  const classes = lines.filter((l) => !l.startsWith('  ')).map((l) => l.replace(/ \(.*$/, ''));
  expect(classes[0]).toBe('false-alarm risk');
  expect(classes.length, 'two classes to order').toBeGreaterThan(1);
  expect(classes).toEqual([...classes].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
  expect(lines).toContain(
    '  getWidget: status added: 429: statusCodeConformance fails a target answering it until the contract documents it (and no check provokes it) — response 429; rules: statusCodeConformance',
  );
  expect(lines.filter((l) => l.startsWith('  '))).toHaveLength(r.changes.filter((c) => ORDER.includes(c.class)).length);
});

const ORDER = ['false-alarm risk', 'unchecked', 'obsolete', 'tightened'];
