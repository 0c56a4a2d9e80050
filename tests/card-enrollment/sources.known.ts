// The card sources a request may name, and the request limits of seed 000, shared by the specs that
// run a check under each source or at each limit.
import { CARD_VIOLATIONS, enumOf, lengthOf, loadContract } from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');

/** Every Origin value, and the request without cardSource (seed 000: not required). */
export const SOURCES: (string | undefined)[] = [...enumOf(contract, 'Origin'), undefined];

/** A source as a test title names it. */
export const named = (source: string | undefined) => (source === undefined ? 'no cardSource' : `cardSource ${source}`);

/** The body with its cardSource replaced by `source`, or taken out. */
export const withSource = (body: Record<string, any>, source: string | undefined) => {
  const { cardSource: _sent, ...rest } = body;
  return source === undefined ? rest : { ...rest, cardSource: source };
};

/** A request limit of seed 000, Limits: its rule, the field, and a value of a given length that keeps every other rule of the field. */
export interface LimitRow {
  /** Its id in schemas/card-enrollment/rules.yaml. */
  rule: string;
  field: string;
  value: (length: number) => string;
  /** The contract's minLength / maxLength of the field. */
  min?: number;
  max?: number;
}

/** A field's lengths: a `card.` field lives in the Card the request carries encrypted; the others in the request body. */
export const limitBounds = (field: string) =>
  field.startsWith('card.') ? lengthOf(contract, 'Card', field.slice(5)) : lengthOf(contract, 'EnrollCardRequest', field);

/** The rule asking for a member, by the object holding it (seed 000, each object's table of required members). */
const REQUIRED_RULE: Record<string, string> = {
  '': 'CE-REQ-REQUEST',
  consumer: 'CE-REQ-CONSUMER',
  'consumer.consumerIdentity': 'CE-REQ-IDENTITY',
  'consumer.mobileNumber': 'CE-REQ-PHONE',
  complianceSettings: 'CE-REQ-COMPLIANCE',
  'complianceSettings.privacy': 'CE-REQ-COMPLIANCE',
  'complianceSettings.tnc': 'CE-REQ-COMPLIANCE',
  enrolmentReferenceData: 'CE-REQ-RECEIPT',
  card: 'CE-REQ-CARD',
};
/** The rule a member's own value keeps (fixtures/arbitraries/card-enrollment/violations.ts; seed 000; reference, facts). */
const VALUE_RULE: Record<string, string> = {
  encryptedCard: 'CE-JWE-DECRYPT',
  'complianceSettings.tnc.latestVersionUri': 'CE-FMT-URI',
  'enrolmentReferenceData.enrolmentReferenceId': 'CE-LIM-REFERENCEID',
  'enrolmentReferenceData.enrolmentReferenceType': 'CE-ENUM-REFTYPE',
  ...Object.fromEntries([...CARD_VIOLATIONS].reverse().map((v) => [v.field, v.rules.at(-1)!])),
};

const REQUEST_SCHEMA = contract.document.paths['/cards'].post.requestBody.content['application/json'].schema;
/** Whether the contract requires a dotted member of the request (`card.` members: of the Card). */
function isRequired(field: string): boolean {
  const steps = field.split('.');
  let node = steps[0] === 'card' ? contract.componentSchema('Card') : contract.resolveSchema(REQUEST_SCHEMA);
  for (const step of steps.slice(steps[0] === 'card' ? 1 : 0, -1)) node = contract.resolveSchema(node.properties?.[step] ?? {});
  return (node.required ?? []).includes(steps.at(-1));
}

/** The rule a member sent empty breaks: a required member's '' its value's rule; any other, CE-REQ-EMPTY (seed 000). */
export const ruleOfEmpty = (field: string, value: unknown) => (value === '' && isRequired(field) && VALUE_RULE[field]) || 'CE-REQ-EMPTY';

/** The one rule a generated refusal (helpers/client/negative.ts names) breaks; undefined for a member of no rule. */
export function ruleOfCase(name: string): string | undefined {
  const m = /^(?:body \/([^:]*)|(card\.[^:]+)): (.+?)(?:: Received .*)?$/.exec(name);
  if (!m) return undefined;
  const field = (m[1] ?? m[2]).replace(/\//g, '.');
  const why = m[3];
  if (why === 'missing though required') return REQUIRED_RULE[field.split('.').slice(0, -1).join('.')];
  if (why.endsWith('(empty, not absent)')) return ruleOfEmpty(field, why.startsWith('an empty string') ? '' : undefined);
  // A member sent as a JSON value of another type ('a number where a string is documented'): seed 000, "Types are strings unless
  // stated", CE-TYPE-FORMS' judgement, not its member's limit or pattern (rules.ts keywordOf reads the same reason as `type`).
  if (/ where an? \w+ is documented/.test(why)) return 'CE-TYPE-FORMS';
  if (field === 'consumer.consumerIdentity.identityValue' && why.startsWith('not a')) return 'CE-FMT-EMAIL';
  if (field.startsWith('card.panExpiration') && why.startsWith('outside the pattern')) return 'CE-PAT-EXPIRY';
  return VALUE_RULE[field];
}
