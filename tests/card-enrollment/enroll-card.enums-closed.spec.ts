// Covers: POST /cards (putCard) on each enrollment path: every enum member of the request, found by
// walking the contract's EnrollCardRequest, is closed - each value it lists is enrolled (elsewhere:
// formats, sources, receipt-formats) and a value it does not list is 400 INVALID_ARGUMENT naming the
// member (seed 000, Origin, ConsumerIdentity, EnrolmentReferenceData; Errors 400 INVALID_ARGUMENT).
// A target that adds a value to an enum (a role the seed does not name, a value's part, another
// enum's value) accepts one of the outside values below. Each is first confirmed outside by the
// contract; the provider's own values (seed-vs-provider conflicts, conflicts.yaml) are left to the
// checks that name those conflicts.
import {
  ENROLLMENT_PATHS,
  expect,
  lacksPathData,
  loadContract,
  refusedNaming,
  NO_RECEIPT,
  restsOnSeedIdentity,
  rules,
  setPath,
  test,
  type EnrollmentPath,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
const doc = contract.document;
type Node = Record<string, any>;

const deref = (node: Node): Node => contract.resolveSchema(node);

/** Every member of a schema that holds an enum, by dotted path, with its listed and its provider values. */
function enumMembers(node: Node, at = ''): { field: string; values: string[]; provider: string[] }[] {
  const n = deref(node);
  if (Array.isArray(n?.enum)) return [{ field: at, values: n.enum.map(String), provider: (n['x-provider-enum'] ?? []).map(String) }];
  return Object.entries<Node>(n?.properties ?? {}).flatMap(([name, child]) => enumMembers(child, at ? `${at}.${name}` : name));
}

const REQUEST = doc.paths['/cards'].post.requestBody.content['application/json'].schema;
const MEMBERS = enumMembers(REQUEST);
/** Every value any enum of the contract lists, request or response: a value of one enum sent to another. */
const ALL_ENUM_VALUES = [
  ...new Set(
    Object.values<Node>(doc.components.schemas).flatMap(function walk(n: Node): string[] {
      if (!n || typeof n !== 'object') return [];
      return [...(Array.isArray(n.enum) ? n.enum.map(String) : []), ...Object.values<Node>(n).flatMap(walk)];
    }),
  ),
];
/**
 * The provider's values where the seed's differ (Card API 1.0.0: Origin EXISTING_CREDENTIAL, the reference
 * types of EnrolmentReferenceType, ConsumerIdentityType EXTERNAL_ACCOUNT_ID): the conflicts
 * CE-CONFLICT-CARD-SOURCE-VALUE, CE-CONFLICT-REFERENCE-TYPES and CE-CONFLICT-CONSUMER-IDENTITY, judged
 * by the checks that name them, never here.
 */
const PROVIDER_VALUES = new Set([
  'EXISTING_CREDENTIAL',
  'EXISTING_TOKEN_UNIQUE_REFERENCE',
  'TOKEN_UNIQUE_REFERENCE',
  'SRC_DIGITAL_CARD_ID',
  ...MEMBERS.flatMap((m) => m.provider),
]);
/** Roles and kinds a target might add to an enum of who enrolls what: words of the payments trade. */
const TRADE_WORDS = [
  'PARTNER',
  'ACQUIRER',
  'NETWORK',
  'TOKEN_REQUESTOR',
  'CONSUMER',
  'CUSTOMER',
  'BANK',
  'PROCESSOR',
  'PLATFORM',
  'DIGITAL_WALLET',
  'PAYMENT_FACILITATOR',
  'OTHER',
  'UNKNOWN',
  'NONE',
  'DEFAULT',
  'ALL',
];

/** Values just outside an enum: each listed value's case, white space, plural and parts, other enums' values, trade words. */
function outsideValues(values: string[]): string[] {
  const near = values.flatMap((v) => {
    const words = v.split('_');
    const parts = words.flatMap((_, i) => [words.slice(0, i + 1).join('_'), words.slice(i).join('_')]);
    const title = v.charAt(0) + v.slice(1).toLowerCase();
    return [v.toLowerCase(), title, ` ${v}`, `${v} `, `${v}S`, v.slice(0, -1), v.replace(/_/g, '-'), v.replace(/_/g, ''), ...parts];
  });
  const all = ['', ...near, ...ALL_ENUM_VALUES, ...TRADE_WORDS];
  return [...new Set(all)].filter((v) => !values.includes(v) && !PROVIDER_VALUES.has(v));
}

/** A member's body on a path: the receipt's members only where the receipt is sent. */
const onPath = (field: string, path: EnrollmentPath) => !field.startsWith('enrolmentReferenceData.') || path === 'receipt';

for (const path of ENROLLMENT_PATHS) {
  const members = MEMBERS.filter((m) => onPath(m.field, path));

  test(
    `refuses, on the ${path} path, a value outside every enum of the request (${members.map((m) => m.field).join(', ')}) with 400 INVALID_ARGUMENT naming the member`,
    rules(
      `CE-ENUM-CARDSOURCE:refuse@${path}`,
      `CE-ENUM-IDENTITYTYPE:refuse@${path}`,
      ...(path === 'receipt' ? ['CE-ENUM-REFTYPE:refuse'] : []),
      'CE-ERR-FIELD',
    ),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const valid = await cards.on(path);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const wrong: string[] = [];
      let sent = 0;
      for (const { field, values } of members) {
        // The seed's identity type rests on the seed's identity (CARD_REQUEST_IDENTITY=provider sends another).
        if (field.endsWith('identityType') && restsOnSeedIdentity([], true)) continue;
        for (const value of outsideValues(values)) {
          const body = setPath(structuredClone(valid), field, value);
          if (validate(body)) throw new Error(`the contract accepts ${field} '${value}': not an outside value`);
          const res = await cardApi.call('putCard', { body });
          sent++;
          if (!refusedNaming(res, field)) wrong.push(`${field} '${value}': ${res.status} ${res.body?.status ?? ''}`);
        }
      }
      expect(sent, 'outside values were sent').toBeGreaterThan(0);
      expect(wrong, `every value outside an enum is refused naming its member (${sent} sent)`).toEqual([]);
    },
  );
}
