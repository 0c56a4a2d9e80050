// Covers: tools/drift (npm run drift): every kind of published example is found, and each verdict
// (accepted, contract stricter, not in contract) is reached by an example that earns it; one the
// document refuses too, but for other reasons, is contract stricter (document inconsistent, refused
// for the same reasons, is in drift-attribution.spec.ts). The published document here is a small
// one written for the test (no provider text), judged against the card enrollment contract.
import { expect, test } from '../../fixtures/self.js';
import { MASKED_CARD } from './support.known.js';
import { publishedOperations } from '../../tools/drift/examples.js';
import { judgeExample, matchOperation } from '../../tools/drift/judge.js';
import { PublishedDocument } from '../../tools/drift/published.js';
import { serviceProfile } from '../../helpers/contract/services.js';

const masked = MASKED_CARD;

const published = {
  openapi: '3.0.3',
  info: { title: 'A published document', version: '9.9.9' },
  paths: {
    '/cards': {
      post: {
        operationId: 'enrollACard', // another name: matched by method and path
        parameters: [{ name: 'x-openapi-clientid', in: 'header', schema: { type: 'string' }, example: 'client-1' }],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Enrolled' },
                examples: {
                  conformant: { value: { srcCorrelationId: '0f8fad5b-d9cb-469f-a165-70867728950e', maskedCard: masked } },
                  shortBin: { value: { maskedCard: { ...masked, panBin: 'five5' } } },
                  longLastFour: { value: { maskedCard: { ...masked, panLastFour: '47921' } } },
                  nullCorrelation: { value: { srcCorrelationId: null, maskedCard: masked } },
                },
              },
            },
          },
          '201': { content: { 'application/json': { example: { maskedCard: masked } } } },
          '401': { content: { 'text/plain': { schema: { type: 'string' }, example: 'Unauthorized' } } },
        },
      },
    },
    '/elsewhere': { get: { operationId: 'notOurs', responses: { '200': { content: { 'application/json': { example: {} } } } } } },
  },
  components: {
    schemas: {
      Enrolled: {
        type: 'object',
        properties: {
          srcCorrelationId: { type: 'string', nullable: true, example: '0f8fad5b-d9cb-469f-a165-70867728950e' },
          maskedCard: {
            type: 'object',
            required: ['srcDigitalCardId', 'panBin', 'panLastFour', 'dateOfCardCreated', 'digitalCardData'],
            properties: {
              srcDigitalCardId: { type: 'string', format: 'uuid', example: masked.srcDigitalCardId },
              panBin: { type: 'string', example: '520473', 'x-vendor': 'dropped' },
              panLastFour: { type: 'string', maxLength: 4 },
              dateOfCardCreated: { type: 'string', format: 'date-time' },
              digitalCardData: { type: 'object', properties: { status: { type: 'string', enum: ['ACTIVE'] } } },
            },
          },
        },
      },
    },
  },
};

async function judged(contracts: (s: string) => Promise<any>) {
  const contract = await contracts('card-enrollment');
  const doc = new PublishedDocument(published, 'self-test');
  const ops = publishedOperations(doc);
  const results = [];
  for (const p of ops) {
    const op = matchOperation(contract, p);
    if (!op) continue;
    results.push(
      ...p.examples.map((ex, i) => ({ ex, j: judgeExample(contract, serviceProfile('card-enrollment'), doc, op, ex, `${p.path}:${i}`) })),
    );
  }
  return { ops, results };
}

test('finds explicit, assembled and parameter examples, and matches an operation by method and path', async ({ contracts }) => {
  const { ops, results } = await judged(contracts);
  expect(ops.map((o) => o.operationId)).toEqual(['enrollACard', 'notOurs']);
  expect(results.every(({ j }) => j.operationId === 'putCard')).toBe(true);
  const origins = results.map(({ ex }) => `${ex.kind} ${ex.at} ${ex.origin}`);
  expect(origins).toEqual(
    expect.arrayContaining([
      'parameter header:x-openapi-clientid example',
      'response 200 examples.conformant',
      'response 200 assembled',
      'response 201 example',
      'response 401 example',
    ]),
  );
  // The assembled body takes the property examples and fills required members from their type.
  const assembled = results.find(({ ex }) => ex.origin === 'assembled')!.ex.value as any;
  expect(assembled.maskedCard).toMatchObject({ panBin: '520473', panLastFour: 'stri', digitalCardData: {} });
});

test('gives each example the verdict it earns', async ({ contracts }) => {
  const { results } = await judged(contracts);
  const verdict = (origin: string, at = '200') => results.find(({ ex }) => ex.origin === origin && ex.at === at)!.j;
  expect(verdict('examples.conformant').verdict).toBe('accepted');
  expect(verdict('examples.shortBin')).toMatchObject({
    verdict: 'contract stricter',
    reason: expect.stringContaining('/maskedCard/panBin'),
  });
  // The document refuses five digits on maxLength, ours on pattern, and ours alone requires
  // srcCorrelationId: reasons the document does not share, so our contract is the stricter.
  expect(verdict('examples.longLastFour')).toMatchObject({
    verdict: 'contract stricter',
    unmatched: [
      expect.objectContaining({
        instancePath: '/srcCorrelationId',
        keyword: 'required',
        document: expect.stringContaining('the document accepts /srcCorrelationId'),
      }),
      expect.objectContaining({
        instancePath: '/maskedCard/panLastFour',
        keyword: 'pattern',
        document: expect.stringContaining('maxLength'),
      }),
    ],
  });
  // nullable (OpenAPI 3.0) is honoured on the document's side; our contract does not allow null here.
  expect(verdict('examples.nullCorrelation').verdict).toBe('contract stricter');
  expect(verdict('example', '201')).toMatchObject({
    verdict: 'not in contract',
    reason: expect.stringContaining('status 201 is not documented'),
  });
  expect(verdict('example', '401')).toMatchObject({
    verdict: 'not in contract',
    reason: expect.stringContaining('text/plain is not a documented media type'),
  });
  // The assembled body has 'stri' (a string of the allowed length) as its last four digits: the document allows it, our contract does not.
  expect(verdict('assembled').verdict).toBe('contract stricter');
});
