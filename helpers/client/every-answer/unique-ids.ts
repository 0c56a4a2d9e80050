// Property: an identifier the documents call unique (or the id of an object, where distinct inputs make distinct objects) is
// never given to two different objects (seed 000, MaskedCard.srcDigitalCardId: "unique card identifier; references the PAN or
// token"). Judged where objects are made: an operation's `x-unique-ids` (its contract) names the answer's id member and the
// request members that make the object distinct (`per`); every 2xx answer's id is kept, per check and target, under the
// values those members were sent with, and an id answered earlier under other values is a violation. The same values sent
// again (a card enrolled again) may answer the same id or another: neither is judged here. Per check, not per worker: a
// mock's world is reset after each check (fixtures/base.ts useMockControl), and one numbering its ids from a counter
// gives the next check's objects the ids of the last one's.
import { createHash } from 'node:crypto';
import type { TestInfo } from '@playwright/test';
import { plaintextsIn } from '../../auth/jwe.js';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';

/** One unique id an operation answers: where it is in the answer, and the request members telling its objects apart. */
export interface UniqueId {
  /** Dotted path of the id in the 2xx answer (`maskedCard.srcDigitalCardId`). */
  member: string;
  /**
   * Dotted paths of what was sent that makes the object distinct, each under `body` (the request body; a JWE member read
   * through its plaintext) or `path` (a path parameter).
   */
  per: string[];
  /** The kind of object the id names, shared by the operations making it (`customer`: a testing and an active one); the operation's own where none. */
  of: string;
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
        .map((d: Json) => ({ member: d.member, per: d.per.map(String), of: String(d.of ?? `${op.operationId} ${d.member}`) }))
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

/** The ids each check has seen answered, per target and kind of object: id -> digest of the values that made its object. */
const seen = new WeakMap<TestInfo, Map<string, Map<string, string>>>();

/** Judges one 2xx answer of a creator: each declared id answered earlier (same target) for other values of its `per` members. */
export function uniqueIdsOfAnswer(
  contract: Contract,
  scope: TestInfo | undefined,
  answer: { operation: Operation; status: number; body: unknown },
  sent: { body: unknown; path?: Record<string, unknown>; target: string } | undefined,
): Verdict {
  if (!scope || !sent) return { judged: false, problems: [], reason: 'made outside a check (a worker fixture), or with nothing sent' };
  const mine = seen.get(scope) ?? new Map<string, Map<string, string>>();
  seen.set(scope, mine);
  const problems: string[] = [];
  const left: string[] = [];
  let judged = false;
  for (const declared of uniqueIdsOf(contract, answer.operation)) {
    const id = valueAt(answer.body, declared.member);
    const values = declared.per.map((p) => valueAt({ body: sent.body, path: sent.path }, p));
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
    const kind = `${answer.operation.service} ${sent.target} ${declared.of}`;
    const ids = mine.get(kind) ?? new Map<string, string>();
    mine.set(kind, ids);
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
  rules: { 'card-enrollment': 'CE-PROP-UNIQUE-ID', installments: 'IN-PROP-UNIQUE-ID', 'financial-data': 'FD-PROP-UNIQUE-ID' },
  unjudged: 'no unique id answered, or nothing sent that makes its object distinct',
  check: 'uniqueIdConformance',
  received: 'an id given to two different objects',
  documented: 'an identifier the documents call unique names one object (x-unique-ids)',
  applies: ({ contract, exchange: { operation, status } }) =>
    status >= 200 && status < 300 && Boolean(UNIQUE_IDS.rules[operation.service]) && uniqueIdsOf(contract, operation).length > 0,
  judge: ({ contract, testInfo, exchange, sent }) => uniqueIdsOfAnswer(contract, testInfo, exchange, sent),
};
