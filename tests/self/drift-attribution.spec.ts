// Covers: tools/drift/attribution.ts (whose fault a drift rejection is): "document inconsistent" only
// when the document's own schema refuses the example at the same places for the same reasons, else
// "contract stricter" with what the document says there. Tiny documents written for the test (no
// provider text) against the card enrollment contract; the rule's finer points on small schemas.
import { expect, test } from '../../fixtures/self.js';
import { MASKED_CARD } from './support.known.js';
import { ajv } from '../../helpers/contract/ajv.js';
import { documentReasons, reasonsOf, unmatchedReasons } from '../../tools/drift/attribution.js';
import { publishedOperations } from '../../tools/drift/examples.js';
import { judgeExample, matchOperation, type JudgedExample } from '../../tools/drift/judge.js';
import { PublishedDocument } from '../../tools/drift/published.js';
import { rejectionLines, summarize, verdictCounts } from '../../tools/drift/report.js';
import { serviceProfile } from '../../helpers/contract/services.js';

type Json = any;

const card = MASKED_CARD;
// Our contract (card enrollment, MaskedCard.panBin: Numeric, a string of digits) refuses the
// number on `type`.
const numericBin = { srcCorrelationId: '0f8fad5b-d9cb-469f-a165-70867728950e', maskedCard: { ...card, panBin: 520473 } };

/** A one-operation document whose 200 body has the given schema for `maskedCard.panBin` and `srcCorrelationId`. */
function documentWith(name: string, panBin: Json, srcCorrelationId: Json) {
  const raw = {
    openapi: '3.0.3',
    info: { title: `drift attribution ${name}`, version: '1.0.0' },
    paths: {
      '/cards': {
        post: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Enrolled' }, example: numericBin } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Enrolled: {
          type: 'object',
          properties: {
            srcCorrelationId,
            maskedCard: { type: 'object', properties: { panBin } },
          },
        },
      },
    },
  };
  return new PublishedDocument(raw, `drift-attribution-${name}`);
}

async function judgeOne(contracts: (s: string) => Promise<any>, doc: PublishedDocument): Promise<JudgedExample> {
  const contract = await contracts('card-enrollment');
  const [published] = publishedOperations(doc);
  const op = matchOperation(contract, published)!;
  const ex = published.examples.find((e) => e.origin === 'example')!;
  return judgeExample(contract, serviceProfile('card-enrollment'), doc, op, ex, `attribution:${doc.doc.info.title}`);
}

// The same judgement (our contract refusing the number on type) against three documents; the report counts the first two.
test('the document refuses the same place for the same reason: document inconsistent; another place or none: contract stricter, with what the document says there; the report counts the verdicts and lists each reason not shared', async ({
  contracts,
}) => {
  const same = await judgeOne(contracts, documentWith('same', { type: 'string' }, { type: 'string' }));
  expect(same).toMatchObject({ verdict: 'document inconsistent', reason: expect.stringContaining('/maskedCard/panBin: type') });
  expect(same.unmatched).toBeUndefined();
  // The document has no type for panBin (it takes the number) but caps srcCorrelationId at 3 characters.
  const elsewhere = await judgeOne(contracts, documentWith('elsewhere', {}, { type: 'string', maxLength: 3 }));
  expect(elsewhere.verdict).toBe('contract stricter');
  const unmatched = (document: string | RegExp) => [
    { instancePath: '/maskedCard/panBin', keyword: 'type', message: 'type must be string', document: expect.stringMatching(document) },
  ];
  expect(elsewhere.unmatched).toEqual(
    unmatched(/^the document accepts \/maskedCard\/panBin \(it refuses the example elsewhere: \/srcCorrelationId maxLength/),
  );
  const accepts = await judgeOne(contracts, documentWith('accepts', {}, { type: 'string' }));
  expect(accepts).toMatchObject({ verdict: 'contract stricter', reason: expect.stringContaining('/maskedCard/panBin: type') });
  expect(accepts.unmatched).toEqual(unmatched(/^the document accepts the whole example$/));

  const judged = [same, elsewhere];
  const result = summarize({
    service: 'card-enrollment',
    contractVersion: '1',
    document: { file: 'x.yaml', title: 't', version: '1' },
    generatedAt: '2026-01-01T00:00:00Z',
    matched: 1,
    unmatched: [],
    ours: [],
    judged,
  });
  expect(verdictCounts(judged)).toEqual({ 'document inconsistent': 1, 'contract stricter': 1 });
  // Only the stricter one counts against the ratio that measures our contract alone.
  expect(result.consistentBodies).toEqual({ accepted: 0, total: 1 });
  expect(rejectionLines(result)[1]).toContain(
    '[not shared by the document: /maskedCard/panBin type: the document accepts /maskedCard/panBin',
  );
});

/** Our reasons the document does not share, for one value and two plain JSON Schemas. */
function unshared(ours: Json, theirs: Json, value: unknown) {
  const [o, t] = [ajv.compile(ours), ajv.compile(theirs)];
  expect(o(value)).toBe(false);
  const accepted = t(value);
  return unmatchedReasons(
    reasonsOf(o.errors),
    accepted ? { kind: 'accepts' } : { kind: 'refuses', reasons: documentReasons(t.errors) },
  ).map((u) => `${u.instancePath} ${u.keyword}`);
}

const object = (properties: Json, required: string[] = []): Json => ({ type: 'object', properties, required });

test('a missing member is its own place: another missing member is another reason', () => {
  const ours = object({ requestId: {}, title: {} }, ['requestId']);
  expect(unshared(ours, object({ requestId: {}, title: {} }, ['requestId']), {})).toEqual([]);
  expect(unshared(ours, object({ requestId: {}, title: {} }, ['title']), {})).toEqual(['/requestId required']);
});

test('schemas of another shape: the same keyword family at an ancestor or descendant matches, another family does not', () => {
  const ours = object({ a: { type: 'string' } });
  expect(unshared(ours, object({ a: object({ b: { type: 'string' } }) }), { a: { b: 1 } })).toEqual([]);
  expect(unshared(ours, object({ a: object({ b: { enum: ['x'] } }) }), { a: { b: 1 } })).toEqual(['/a type']);
  // enum and const say the same thing; pattern and format too.
  expect(unshared(object({ k: { enum: ['x'] } }), object({ k: { const: 'x' } }), { k: 'y' })).toEqual([]);
  const digits = object({ d: { type: 'string', pattern: '^[0-9-]+$' } });
  expect(unshared(digits, object({ d: { type: 'string', format: 'date' } }), { d: 'soon' })).toEqual([]);
});

test('a failed anyOf is one reason, shared when the document shares an error of one of its alternatives', () => {
  // Ours: a nullable member (anyOf null or an object needing z); the document: not nullable.
  const inner = object({ z: {} }, ['z']);
  const ours = object({ x: { anyOf: [{ type: 'null' }, inner] }, y: { type: 'string' } });
  expect(unshared(ours, object({ x: inner }), { x: {} })).toEqual([]);
  // The document refuses y, not x: our anyOf at /x is not shared.
  expect(unshared(ours, object({ x: {}, y: { type: 'string' } }), { x: {}, y: 1 })).toEqual(['/x anyOf']);
  // The document's nullable wrapper (published.ts) does not lend its "must be null" to our /x/q type.
  const nullableRef = { anyOf: [{ type: 'null' }, object({ q: {}, z: {} }, ['z'])] };
  expect(unshared(object({ x: object({ q: { type: 'string' }, z: {} }) }), object({ x: nullableRef }), { x: { q: 1 } })).toEqual([
    '/x/q type',
  ]);
});
