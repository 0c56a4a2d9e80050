// Covers: POST /cards (putCard) on each enrollment path: every member of the request, found by walking
// the contract's EnrollCardRequest (and the Card inside encryptedCard on the card path), sent empty -
// "" for a string, {} for an object, null for either - where the contract then refuses the request
// (seed 000, EnrollCardRequest and its members; Errors 400 INVALID_ARGUMENT). An empty member is
// present, not absent: a target that takes "" or {} for "not sent" (a truthiness test) lets it through,
// and beside the other path's member it enrolls a request reference A1 refuses. Each body is first
// confirmed invalid by the contract; the members whose empty form the contract allows (a name, the
// serviceId, the receipt id: no minLength) are left to the checks of their own rules.
import {
  ENROLLMENT_PATHS,
  detailsNameParameter,
  exampleCard,
  expect,
  lacksPathData,
  loadContract,
  NO_RECEIPT,
  rules,
  SCHEMA_REFUSAL,
  setPath,
  test,
  type EnrollmentPath,
  underRule,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
const doc = contract.document;
type Node = Record<string, any>;

const deref = (node: Node): Node => contract.resolveSchema(node);

/** Every member of a schema by dotted path, with the empty values of its type. */
function members(node: Node, at = ''): { field: string; empties: unknown[] }[] {
  return Object.entries<Node>(deref(node)?.properties ?? {}).flatMap(([name, child]) => {
    const field = at ? `${at}.${name}` : name;
    const n = deref(child);
    const empties = n.type === 'object' ? [{}, null] : n.type === 'array' ? [[], null] : ['', null];
    return [{ field, empties }, ...members(n, field)];
  });
}

const REQUEST_MEMBERS = members(doc.paths['/cards'].post.requestBody.content['application/json'].schema);
const CARD_MEMBERS = members(doc.components.schemas.Card);
/** A member on a path: the receipt's children only where the receipt is sent (its own emptiness is tried on both). */
const onPath = (field: string, path: EnrollmentPath) => !field.startsWith('enrolmentReferenceData.') || path === 'receipt';
/** The 400 names the member (a name of it, seed 000 ErrorDetail), or a member inside it (an empty object lacks its required children). */
const namesMember = (details: { source?: string }[], field: string) =>
  detailsNameParameter(details, field) || details.some((d) => String(d.source).startsWith(`${field}.`));

for (const path of ENROLLMENT_PATHS) {
  test(
    `refuses, on the ${path} path, every member sent empty ("", {} or null) where the contract refuses it, with 400 INVALID_ARGUMENT naming it, never as absent`,
    rules(
      `CE-REQ-EMPTY@${path}`,
      `CE-REQ-NULL@${path}`,
      'CE-EXCL-PATH:refuse',
      ...(path === 'card' ? ['CE-REQ-CARD'] : ['CE-REQ-RECEIPT']),
      'CE-ERR-FIELD',
    ),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const valid = await cards.on(path);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      // absent: the same request without the member (what a null read as "not sent" is answered as).
      const cases: {
        field: string;
        value: unknown;
        absent: () => Promise<Record<string, unknown>>;
        body: () => Promise<Record<string, unknown>>;
      }[] = [];
      const without = (root: object, field: string) => JSON.parse(JSON.stringify(setPath(root, field, undefined)));
      const allowed: string[] = [];
      for (const { field, empties } of REQUEST_MEMBERS.filter((m) => onPath(m.field, path)))
        for (const value of empties) {
          const body = setPath(valid, field, value);
          if (validate(body)) allowed.push(`${field} ${JSON.stringify(value)}`);
          else cases.push({ field, value, absent: async () => without(valid, field), body: async () => body });
        }
      // The card path: each member of the Card inside encryptedCard (seed 000, Card), named card.<member> (reference A4).
      if (path === 'card')
        for (const { field, empties } of CARD_MEMBERS)
          for (const value of empties) {
            const plain = setPath(exampleCard(), field, value);
            if (validateCard(plain)) allowed.push(`card.${field} ${JSON.stringify(value)}`);
            else
              cases.push({
                field: `card.${field}`,
                value,
                absent: () => cards.withCard(without(exampleCard(), field)),
                body: () => cards.withCard(plain),
              });
          }
      const wrong: string[] = [];
      // Whether null stands for "not sent" the seed does not say: a null answered with the status the same
      // request without the member gets (enrolled, or refused as incomplete) breaks only CE-REQ-NULL.
      const asAbsent: string[] = [];
      for (const c of cases) {
        const res = await cardApi.call('putCard', { body: await c.body() });
        const details = (res.body?.details ?? []) as { source?: string }[];
        if (res.status !== 400 || !SCHEMA_REFUSAL.includes(res.body?.status) || !namesMember(details, c.field))
          (c.value === null && (await cardApi.call('putCard', { body: await c.absent() })).status === res.status ? asAbsent : wrong).push(
            `${c.field} ${JSON.stringify(c.value)}: ${res.status} ${res.body?.status ?? ''}`,
          );
      }
      test.info().annotations.push({ type: 'note', description: `empty forms the contract allows, not sent: ${allowed.join(', ')}` });
      // The other path's member, empty, is among them (reference A1: both paths is 400), so the family is whole.
      const other = path === 'card' ? 'enrolmentReferenceData' : 'encryptedCard';
      expect(
        cases.some((c) => c.field === other),
        `an empty ${other} beside the ${path} is sent`,
      ).toBe(true);
      expect(wrong, `every empty member is refused naming it (${cases.length} sent)`).toEqual([]);
      underRule(test.info(), 'CE-REQ-NULL', () =>
        expect(asAbsent, 'every member sent null is refused naming it, not taken as left out').toEqual([]),
      );
    },
  );
}
