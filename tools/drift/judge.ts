// Judges each example of a published document against our contract, the way the client's checks
// would judge the same body from a target (helpers/client/client.ts): the status and media type must be
// documented, the body must match the schema of that status and media type, an error body must
// have the service's error shape. A rejection says whose fault it is: our contract is stricter
// than the document, or the document's example breaks the document's own schema in the same place
// for the same reason (tools/drift/attribution.ts states the rule).
import { answeredConflicts, receivedAt, sourcesOf, takenDeviations, type Conflict } from '../../helpers/contract/conflicts.js';
import { declaredBody, documentedResponse, formatAjvErrors } from '../../helpers/contract/checks.js';
import type { Contract, Json, Operation } from '../../helpers/contract/contract.js';
import type { ServiceProfile } from '../../helpers/contract/services.js';
import {
  documentReasons,
  pruned,
  reasonsOf,
  unmatchedReasons,
  type DocumentView,
  type Reason,
  type UnmatchedReason,
} from './attribution.js';
import type { PublishedExample, PublishedOperation } from './examples.js';
import type { PublishedDocument } from './published.js';
import { norm } from '../diff/classify.js';
import { orElse } from '../../helpers/config/or-else.js';

type Verdict =
  | 'accepted'
  | 'contract stricter'
  | 'document inconsistent'
  | 'known provider deviation'
  | 'seed-vs-provider conflict'
  | 'not in contract';

export interface JudgedExample extends Pick<PublishedExample, 'kind' | 'at' | 'mediaType' | 'origin'> {
  operationId: string;
  verdict: Verdict;
  /** Why our contract refuses it (and, for an inconsistent example, why the document's own schema does). */
  reason?: string;
  /** For a known provider deviation: the deviations of schemas/<service>/conflicts.yaml that account for it. */
  deviations?: string[];
  /** For a stricter contract: each reason of ours the document does not share, and what the document says there. */
  unmatched?: UnmatchedReason[];
}

/** Our operation for a published one: same operationId, else same method and path template. */
export function matchOperation(contract: Contract, published: PublishedOperation): Operation | undefined {
  if (published.operationId && contract.operations.has(published.operationId)) return contract.operationOf(published.operationId);
  return [...contract.operations.values()].find((op) => op.method === published.method && norm(op.path) === norm(published.path));
}

export function judgeExample(
  contract: Contract,
  profile: ServiceProfile,
  doc: PublishedDocument,
  op: Operation,
  ex: PublishedExample,
  key: string,
): JudgedExample {
  const base = { operationId: op.operationId, kind: ex.kind, at: ex.at, mediaType: ex.mediaType, origin: ex.origin };
  const ours = ourView(contract, profile, op, ex);
  if (ours === true) return { ...base, verdict: 'accepted' };
  if (ours.missing) return { ...base, verdict: 'not in contract', reason: ours.reason };
  // A body refused only by a seed rule the provider publishes otherwise, or only by the provider's schema
  // where a known deviation records that its examples answer (send) so (schemas/<service>/conflicts.yaml):
  // what a target answering like this example meets in a run.
  const conflict = followedConflicts(contract, op, ex);
  if (conflict) {
    const deviation = conflict.every((c) => c.kind === 'provider-example');
    return {
      ...base,
      verdict: deviation ? 'known provider deviation' : 'seed-vs-provider conflict',
      deviations: deviation ? conflict.map((c) => c.id) : undefined,
      reason: conflict
        .map((c) => {
          const { kept, followed } = sourcesOf(c);
          return `${c.id}: ${c.received} as the ${followed.label.toLowerCase()} shows; the ${kept.label.toLowerCase()}: ${kept.text}`;
        })
        .join(' | '),
    };
  }
  const own = ex.schema ? doc.validator(key, ex.schema) : undefined;
  let theirs: DocumentView;
  let theirReason = '';
  if (!own) theirs = { kind: 'none' };
  else if (own instanceof Error) theirs = { kind: 'uncompared', why: own.message };
  else if (own(ex.value)) theirs = { kind: 'accepts' };
  else {
    theirs = { kind: 'refuses', reasons: documentReasons(own.errors) };
    theirReason = formatAjvErrors(own.errors, 3);
  }
  const unmatched = unmatchedReasons(ours.reasons, theirs);
  if (theirs.kind === 'refuses' && unmatched.length === 0)
    return {
      ...base,
      verdict: 'document inconsistent',
      reason: `the document's own schema refuses it at the same places for the same reasons (the document: ${theirReason}); ours: ${ours.reason}`,
    };
  const unchecked = own instanceof Error ? ` (not compared with the document's own schema: ${own.message})` : '';
  // `unmatched` says, for each of our reasons, what the document says at that place.
  return { ...base, verdict: 'contract stricter', reason: `${ours.reason}${unchecked}`, unmatched };
}

type OurView = true | { missing: true; reason: string } | { missing: false; reason: string; reasons: Reason[] };

function ourView(contract: Contract, profile: ServiceProfile, op: Operation, ex: PublishedExample): OurView {
  if (ex.kind === 'parameter') {
    const [where, name] = [ex.at.slice(0, ex.at.indexOf(':')), ex.at.slice(ex.at.indexOf(':') + 1)];
    const param = op.parameters.find((p) => p.in === where && p.name.toLowerCase() === name.toLowerCase());
    if (!param) return { missing: true, reason: `our contract has no ${where} parameter '${name}'` };
    const ref = typeof param.schema?.$ref === 'string' ? String(param.schema.$ref).split('/').pop()! : undefined;
    const typed = asSent(ex.value, ref ? contract.componentSchema(ref) : param.schema);
    return check(contract, `drift:param:${op.operationId}:${ex.at}`, param.schema, typed);
  }
  if (ex.kind === 'request') {
    const schema = op.requestBody?.schema;
    if (!op.requestBody) return { missing: true, reason: 'our contract declares no request body' };
    return schema ? check(contract, `drift:request:${op.operationId}`, schema, ex.value) : true;
  }
  const status = Number(ex.at);
  if (!Number.isInteger(status)) return { missing: true, reason: `a '${ex.at}' response is not a status our contract can document` };
  const spec = documentedResponse(op, status);
  if (!spec) return { missing: true, reason: `status ${status} is not documented (ours: ${Object.keys(op.responses).join(', ')})` };
  const mediaType = (ex.mediaType ?? '').toLowerCase();
  const declared = declaredBody({ operation: op, status, headers: { 'content-type': mediaType } });
  if (!declared || declared.mediaType !== mediaType)
    return {
      missing: true,
      reason: `${status} ${mediaType} is not a documented media type (ours: ${spec.contentTypes.join(', ') || 'no body'})`,
    };
  const value = declared.json && typeof ex.value === 'string' ? tryJson(ex.value) : ex.value;
  if (declared.schema) {
    const verdict = check(contract, `drift:response:${op.operationId}:${spec.status}:${mediaType}`, declared.schema, value);
    if (verdict !== true) return verdict;
  }
  // As in the client's error-shape check: an operation that declares its own error schema for the
  // status (financial data's micro-entry verification) is held to that one, checked above.
  const own = String(declared.schema?.$ref ?? '')
    .split('/')
    .pop();
  const ownShape = Boolean(own) && !profile.errorSchemas.includes(own!);
  if (status >= 400 && declared.json && !ownShape) {
    // One of the service's error schemas must take the body: judged like an anyOf over them.
    const alternatives: Reason[] = [];
    for (const name of profile.errorSchemas) {
      const validate = contract.component(name);
      if (validate(value)) return true;
      alternatives.push(...reasonsOf(validate.errors));
    }
    const shape = `not an error body of the service's shape (${profile.errorSchemas.join(' or ')})`;
    return {
      missing: false,
      reason: shape,
      reasons: [{ path: '', keyword: 'anyOf', message: shape, alternatives: pruned(alternatives, '') }],
    };
  }
  return true;
}

function check(contract: Contract, key: string, schema: unknown, value: unknown): OurView {
  const validate = contract.validator(key, schema);
  if (validate(value)) return true;
  const reason = formatAjvErrors(validate.errors, 3);
  // A component that is an anyOf of components (card enrollment's ErrorBody): Ajv inlines the
  // alternatives, so their errors cannot be told from the component's own; each alternative is
  // judged on its own, the whole as one anyOf reason (tools/drift/attribution.ts, rule 3).
  const names = anyOfComponents(contract, schema);
  if (names) {
    const alternatives = names.flatMap((name) => {
      const alternative = contract.component(name);
      return alternative(value) ? [] : reasonsOf(alternative.errors);
    });
    return {
      missing: false,
      reason,
      reasons: [{ path: '', keyword: 'anyOf', message: 'anyOf must match a schema in anyOf', alternatives: pruned(alternatives, '') }],
    };
  }
  return { missing: false, reason, reasons: reasonsOf(validate.errors) };
}

/** The component names of a `$ref` to a component that is only an anyOf of `$ref`s to components. */
function anyOfComponents(contract: Contract, schema: unknown): string[] | undefined {
  const ref = (s: unknown) =>
    s && typeof s === 'object' && typeof (s as { $ref?: unknown }).$ref === 'string'
      ? /^#\/components\/schemas\/([^/]+)$/.exec((s as { $ref: string }).$ref)?.[1]
      : undefined;
  const name = ref(schema);
  const component = name ? (contract.componentSchema(name) as { anyOf?: unknown[] } | undefined) : undefined;
  if (!component?.anyOf || Object.keys(component).some((k) => !['anyOf', 'description'].includes(k))) return undefined;
  const names = component.anyOf.map(ref);
  return names.every((n): n is string => Boolean(n)) ? names : undefined;
}

/** Parameters travel as text: a number given for a string parameter is sent as its digits, and back; a list as its items with commas. */
function asSent(value: unknown, schema: Json): unknown {
  const type = schema?.type;
  if ((type === 'string' || (Array.isArray(type) && type.includes('string'))) && typeof value === 'number') return String(value);
  // An array example of a form parameter (explode false, the default for the query) travels comma-separated.
  if (type === 'string' && Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',');
  if ((type === 'integer' || type === 'number') && typeof value === 'string' && /^-?[0-9.]+$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function tryJson(text: string): unknown {
  return orElse(() => JSON.parse(text), text);
}

/** The conflicts (and known provider deviations) a published body follows, when its only breaches of our schema are theirs. */
function followedConflicts(contract: Contract, op: Operation, ex: PublishedExample): (Conflict & { received: string })[] | undefined {
  let value: unknown;
  let validate: ((body: unknown) => boolean) | undefined;
  if (ex.kind === 'request') {
    const schema = op.requestBody?.schema;
    if (!schema) return undefined;
    value = ex.value;
    const v = contract.validator(`drift:request:${op.operationId}`, schema);
    const met = takenDeviations(op.service, op.operationId, value, (b) => v(b));
    return met?.map(({ conflict, received }) => ({ ...conflict, received: receivedAt(conflict.takes!, received) }));
  }
  if (ex.kind !== 'response') return undefined;
  const status = Number(ex.at);
  const declared = Number.isInteger(status)
    ? declaredBody({ operation: op, status, headers: { 'content-type': (ex.mediaType ?? '').toLowerCase() } })
    : undefined;
  if (!declared?.schema || !declared.json) return undefined;
  value = typeof ex.value === 'string' ? tryJson(ex.value) : ex.value;
  validate = contract.validator(`drift:response:${op.operationId}:${declared.spec.status}:${declared.mediaType}`, declared.schema);
  const met = answeredConflicts(op.service, op.operationId, value, (b) => validate!(b));
  return met?.map(({ conflict, received }) => ({ ...conflict, received: receivedAt(conflict.answers!, received) }));
}
