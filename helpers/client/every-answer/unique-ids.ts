// Property: an identifier the documents call unique (or the id of an object, where distinct inputs make distinct objects) is
// never given to two different objects (seed 000, MaskedCard.srcDigitalCardId: "unique card identifier; references the PAN or
// token"). Judged where objects are made: an operation's `x-unique-ids` (its contract) names the answer's id member and the
// request members that make the object distinct (`per`); every 2xx answer's id is kept, per worker and target, under the
// values those members were sent with, and an id answered earlier under other values is a violation. The same values sent
// again (a card enrolled again) may answer the same id or another: neither is judged here.
import { createHash } from 'node:crypto';
import { plaintextsIn } from '../../auth/jwe.js';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';

/** One unique id an operation answers: where it is in the answer, and the request members telling its objects apart. */
export interface UniqueId {
  /** Dotted path of the id in the 2xx answer (`maskedCard.srcDigitalCardId`). */
  member: string;
  /** Dotted paths of the request body members whose values make the object distinct; a JWE member is read through its plaintext. */
  per: string[];
}

const declaredCache = new WeakMap<Contract, Map<string, UniqueId[]>>();

/** The unique ids an operation's contract declares (`x-unique-ids` on the operation; empty: the property does not apply). */
export function uniqueIdsOf(contract: Contract, op: Operation): UniqueId[] {
  const known = declaredCache.get(contract) ?? new Map<string, UniqueId[]>();
  declaredCache.set(contract, known);
  const cached = known.get(op.operationId);
  if (cached) return cached;
  const node: Json = contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.['x-unique-ids'];
  const out: UniqueId[] = Array.isArray(node)
    ? node
        .filter((d: Json) => typeof d?.member === 'string' && Array.isArray(d?.per) && d.per.length)
        .map((d: Json) => ({ member: d.member, per: d.per.map(String) }))
    : [];
  known.set(op.operationId, out);
  return out;
}

/**
 * The value at a dotted path of a body; a string met on the way that is a JWE this worker made (helpers/auth/jwe.ts) is read
 * through its plaintext (`encryptedCard.primaryAccountNumber`: the card number sealed in encryptedCard).
 */
function valueAt(body: unknown, path: string): unknown {
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (typeof node === 'string') node = plaintextsIn(node)[0];
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The ids each worker has seen answered, per target and declaration: id -> digest of the values that made its object. */
const seen = new Map<string, Map<string, string>>();

/** Judges one 2xx answer of a creator: each declared id answered earlier (same target) for other values of its `per` members. */
export function uniqueIdsOfAnswer(
  contract: Contract,
  answer: { operation: Operation; status: number; body: unknown },
  sent: unknown,
  target: string,
): Verdict {
  const problems: string[] = [];
  const left: string[] = [];
  let judged = false;
  for (const declared of uniqueIdsOf(contract, answer.operation)) {
    const id = valueAt(answer.body, declared.member);
    const values = declared.per.map((p) => valueAt(sent, p));
    if (typeof id !== 'string' && typeof id !== 'number') {
      left.push(`its answer holds no ${declared.member}`);
      continue;
    }
    if (values.some((v) => v === undefined || v === null || typeof v === 'object')) {
      left.push(`its request sends no ${declared.per.join(', ')} (what makes the object distinct)`);
      continue;
    }
    judged = true;
    // A digest, not the values: a card number is kept nowhere in clear (seed 000, MaskedCard shows only panBin and panLastFour).
    const digest = createHash('sha256').update(JSON.stringify(values)).digest('hex');
    const scope = `${answer.operation.service} ${target} ${answer.operation.operationId} ${declared.member}`;
    const ids = seen.get(scope) ?? new Map<string, string>();
    seen.set(scope, ids);
    const before = ids.get(String(id));
    if (before !== undefined && before !== digest)
      problems.push(
        `${declared.member} ${String(id)} is the one an earlier answer gave another object (sent with another ${declared.per.join(', ')})`,
      );
    if (before === undefined) ids.set(String(id), digest);
  }
  return judged ? { judged, problems } : { judged, problems, reason: left.join('; ') };
}

/**
 * The property, its catalogue rule per service, judged on every 2xx answer of an operation whose contract declares a unique id
 * (`x-unique-ids`); an answer without the id, or whose request sends none of what makes its object distinct (a receipt's
 * enrollment: its account is the target's, not sent), is left out.
 */
export const UNIQUE_IDS: PropertyChecker<Answered> = {
  property: 'unique-id-one-object',
  rules: { 'card-enrollment': 'CE-PROP-UNIQUE-ID' },
  unjudged: 'no unique id answered, or nothing sent that makes its object distinct',
  check: 'uniqueIdConformance',
  received: 'an id given to two different objects',
  documented: 'an identifier the documents call unique names one object (x-unique-ids)',
  applies: ({ contract, exchange: { operation, status } }) =>
    status >= 200 && status < 300 && Boolean(UNIQUE_IDS.rules[operation.service]) && uniqueIdsOf(contract, operation).length > 0,
  judge: ({ contract, exchange, sent }) => uniqueIdsOfAnswer(contract, exchange, sent?.body, sent?.target ?? ''),
};
