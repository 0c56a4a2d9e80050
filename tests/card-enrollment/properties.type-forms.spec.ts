// Covers: putCard, both paths: each typed member sent in another form of the same value the contract refuses
// (helpers/client/invariants/type-forms.ts) is refused with 400 naming it (CE-TYPE-FORMS; seed 000, Errors).
import { citing, ENROLLMENT_PATHS, exampleCard, expect, lacksPathData, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import {
  checkRefusalOnForms,
  checkTypeForms,
  checkValidForms,
  describeFormCoverage,
  formCoverage,
  type FormCoverageRow,
  REFUSAL_FORMS,
  type Sealed,
  sealedOperation,
  TYPE_FORMS,
  VALID_FORMS,
} from '../../helpers/client/invariants/type-forms.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countRule, noteCoverage } from '../shared/property.js';

test(
  'every typed member of an enrollment, and the body itself, takes only its type’s own form: another form of the same value is refused',
  rules('CE-TYPE-FORMS@card', 'CE-TYPE-FORMS@receipt'),
  async ({ cardApi, cards, cardRequestContract }) => {
    const violations = new Violations(TYPE_FORMS);
    const op = cardRequestContract.operation('putCard');
    let cases = 0;
    const leftOut: string[] = [];
    const members: FormCoverageRow[] = [];
    for (const [path, make] of [
      ['card', () => cards.withCard()],
      ['receipt', () => cards.withReceipt()],
    ] as const) {
      const { sent, leftOut: why } = await checkTypeForms(
        cardApi,
        op,
        async () => ({ body: await make() }),
        violations,
        'CE-TYPE-FORMS',
        cardRequestContract,
        undefined,
        // seed 000: POST /cards takes one EnrollCardRequest object; the body in another JSON type is refused (Errors 400).
        true,
      );
      if (why) leftOut.push(`${path}: ${why}`);
      cases += sent;
      members.push(
        ...formCoverage(cardRequestContract, op, { body: await make() }, why).map((m) => ({ ...m, operationId: `putCard (${path})` })),
      );
    }
    // The card inside encryptedCard (seed 000, Card): its members' forms judged on the Card schema, each sent encrypted.
    const sealed: Sealed = {
      name: 'encryptedCard',
      schema: cardRequestContract.componentSchema('Card'),
      seal: async (plain) => ({ body: await cards.withCard(plain as Record<string, unknown>) }),
    };
    const { sent, leftOut: why } = await checkTypeForms(
      cardApi,
      op,
      () => ({ body: exampleCard() }),
      violations,
      'CE-TYPE-FORMS',
      cardRequestContract,
      sealed,
    );
    if (why) leftOut.push(`encryptedCard: ${why}`);
    cases += sent;
    members.push(
      ...formCoverage(cardRequestContract, sealedOperation(op, sealed), { body: exampleCard() }, why).map((m) => ({
        ...m,
        operationId: 'putCard (card, encryptedCard)',
      })),
    );
    noteCoverage(`type forms: putCard checked with ${cases} forms; left out: ${leftOut.join('; ') || 'none'}`);
    test.info().annotations.push({ type: 'type-forms-members', description: describeFormCoverage(members) });
    countPutCard(TYPE_FORMS, 'CE-TYPE-FORMS', cases, leftOut);
    violations.expectNone();
  },
);

/** The property's count on the one operation: checked when any form was sent, else left out with why; a run that sent none fails. */
function countPutCard(property: string, rule: string, cases: number, leftOut: string[]): void {
  countRule(property, rule, {
    applies: ['putCard'],
    checked: cases ? ['putCard'] : [],
    exceptions: cases ? [] : [{ operationId: 'putCard', reason: leftOut.join('; ') }],
  });
  expect(cases, 'forms sent').toBeGreaterThan(0);
}

/** An id the target must know (the client, the program, a receipt), the encrypted card, a sensitive value: sent as sampled. */
const knownOrSensitive = (at: string) =>
  kindOfKey(at.split('.').at(-1)!) !== undefined || /encrypt|srcClientId|serviceId|enrolmentReference/i.test(at);

test(
  'every form the contract allows of each member of an enrollment is accepted, on every enrollment path',
  rules(
    ...citing('CE-VALID-FORMS', '@card', '@receipt'),
    'CE-VALID-ACCEPTED',
    ...citing('CE-PAT-CORRELATIONID', ':accept@card', ':accept@receipt'),
    // Each latestVersionUri in other forms RFC 3986 allows (another scheme, a query, a fragment, a port: type-forms.ts uriForms).
    ...citing('CE-FMT-URI', ':accept@card', ':accept@receipt'),
    // The e-mail identity with a top-level domain of two letters and a long one (.travel, .museum), its host in a subdomain
    // (type-forms.ts emailForms): a valid address refused is CE-FMT-EMAIL's accepting side.
    ...citing('CE-FMT-EMAIL', ':accept@card', ':accept@receipt'),
  ),
  async ({ card, cardApi, cards, cardRequestContract }) => {
    const violations = new Violations(VALID_FORMS);
    const op = cardRequestContract.operation('putCard');
    let cases = 0;
    const leftOut: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: ${NO_RECEIPT}`);
        continue;
      }
      // One sample per path, sent again with each form: an enrollment stores nothing the next one meets (reference/card-enrollment.md).
      const body = await cards.on(path);
      const { sent, leftOut: why } = await checkValidForms(cardApi, op, () => ({ body }), violations, {
        keep: knownOrSensitive,
        contract: cardRequestContract,
        on: `${path} path`,
        // A refusal naming a member the form left as sampled refuses a valid call (seed 000, POST /cards: 200).
        accepted: 'CE-VALID-ACCEPTED',
      });
      if (why) leftOut.push(`${path}: ${why}`);
      cases += sent;
    }
    noteCoverage(
      `valid forms: putCard checked with ${cases} forms on ${ENROLLMENT_PATHS.length - leftOut.length} paths; left out: ${leftOut.join('; ') || 'none'}`,
    );
    countPutCard(VALID_FORMS, 'CE-VALID-FORMS', cases, leftOut);
    violations.expectNone();
  },
);

/** What is wrong with an answer that should be the documented refusal `status` (401 also as the provider's 403: CE-CONFLICT-AUTH-STATUS), or undefined. */
const refusedWith =
  (...statuses: number[]) =>
  (res: { status: number }) =>
    statuses.includes(res.status) ? undefined : `${res.status}, not ${statuses.join(' or ')}`;

// reference A2, seed 000 Authentication: each refused enrollment is refused alike under each valid form of the others.
test(
  'a refused enrollment (another client’s srcClientId or serviceId, no key) stays refused in every valid form of its other members, on every enrollment path @assumption',
  rules(
    ...ENROLLMENT_PATHS.flatMap((path) => [
      `CE-PROP-REFUSAL-FORMS@${path}`,
      `CE-AUTH-ORIGIN@${path}`,
      `CE-AUTH-MISSING-KEY@${path}`,
      `CE-STATE-FOREIGN-SERVICE@${path}`,
    ]),
  ),
  async ({ card, cardApi, cards, cardRequestContract }) => {
    const violations = new Violations(REFUSAL_FORMS);
    const op = cardRequestContract.operation('putCard');
    let cases = 0;
    const leftOut: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: ${NO_RECEIPT}`);
        continue;
      }
      // Another client's program and another client's last srcClientId: the other ids the caller must own (CE-PROP-IDS-OWNED).
      const foreign = [
        ['srcClientId', card.foreignSrcClientId, 'another client’s srcClientId', [403]],
        ['serviceId', card.foreignServiceId, 'another client’s serviceId', [400, 403]],
        [
          'srcClientId',
          card.foreignIds.srcClientId.length > 1 ? card.foreignIds.srcClientId.at(-1) : undefined,
          'another client’s last srcClientId',
          [403],
        ],
      ] as const;
      const refusals = [
        ...foreign.flatMap(([member, id, what, status]) =>
          id ? [{ what, call: async () => ({ body: { ...(await cards.on(path)), [member]: id } }), status }] : [],
        ),
        { what: 'no key', call: async () => ({ body: await cards.on(path), auth: false as const }), status: [401, 403] },
      ];
      if (!card.foreignSrcClientId)
        leftOut.push(`${path}, origin: needs a srcClientId of another client (CARD_FOREIGN_SRC_CLIENT_ID in .env)`);
      for (const r of refusals) {
        const { sent, leftOut: why } = await checkRefusalOnForms(cardApi, op, await r.call(), refusedWith(...r.status), violations, {
          keep: knownOrSensitive,
          contract: cardRequestContract,
          on: `${path} path, ${r.what}`,
        });
        if (why) leftOut.push(`${path}, ${r.what}: ${why}`);
        cases += sent;
      }
    }
    noteCoverage(`refusal forms: putCard checked with ${cases} forms; left out: ${leftOut.join('; ') || 'none'}`);
    countPutCard(REFUSAL_FORMS, 'CE-PROP-REFUSAL-FORMS', cases, leftOut);
    violations.expectNone();
  },
);
