// Small named checks run by the client on every response (docs/conventions.md, Checks; after
// schemathesis `specs/openapi/checks.py`). Each throws a ContractViolation "Received / Documented".
import type { ErrorObject } from './ajv.js';
import { answeredConflicts, CONFLICT_CHECK, receivedAt, sourcesOf, type Conflict } from './conflicts.js';
import type { Contract, Json, Operation } from './contract.js';
import { ruleIdsLeading, statesFormsOf } from './rules.js';
import { redact } from '../secrets/redact.js';
import type { Echo } from '../secrets/sensitive.js';

/** Where a violation was met: the operation called and the status it answered. */
export interface ViolationSite extends Pick<Operation, 'operationId' | 'method' | 'path'> {
  status: number;
  /** Members a body check found off form, with the keyword broken (`wallets` maxItems), linked to the narrower rule citing it. */
  members?: JudgedMember[];
}

/** A member of a body (its name, the last named segment of its instance path) and the schema keyword it broke. */
export interface JudgedMember {
  member: string;
  keyword: string;
  /** Of an answer's member: the component schema of the object holding it (MaskedCard's panExpirationYear), where one is named. */
  in?: string;
  /** The date format its schema names (date, date-time, date-time-local), where it names one: the member's form is a date's. */
  dated?: string;
}

/** The formats of a date or a date-time (the one Ajv instance's, helpers/contract/ajv.ts): a member of one takes a date's form. */
const DATE_FORMATS = new Set(['date', 'date-time', 'date-time-local']);

/**
 * The check name a rule lists in `judgedBy` to take the part of a body's schema violation about a member of a date form (a
 * member whose schema names a date format, off its format, pattern or type: a UTC date-time answered with another offset): the
 * service's date rule, on every answer (helpers/client/answer-checks.ts withCatalogueRules); the body's other forms stay the
 * schema check's.
 */
export const DATE_FORMS = 'dateFormConformance';

/** The members and keywords of Ajv's errors, each once; `holder` names the component holding a member (by its parent's pointer). */
export function judgedMembers(
  errors: ErrorObject[] | null | undefined,
  holder?: (parent: string) => { in?: string; member?: string } | undefined,
): JudgedMember[] {
  const seen = new Map<string, JudgedMember>();
  for (const e of errors ?? []) {
    const required = e.keyword === 'required';
    const member = required
      ? (e.params as { missingProperty: string }).missingProperty
      : e.instancePath
          .split('/')
          .filter((s) => s && !/^\d+$/.test(s))
          .pop();
    const parent = required ? e.instancePath : e.instancePath.replace(/\/[^/]*(\/\d+)*$/, '');
    const within = member ? holder?.(parent) : undefined;
    const named = within?.member ?? member;
    // The schema holding the keyword broken (Ajv's verbose errors): a member of a date format, off any keyword of its own value.
    const format = required ? undefined : (e.parentSchema as { format?: unknown } | undefined)?.format;
    const dated = typeof format === 'string' && DATE_FORMATS.has(format) ? format : undefined;
    if (named)
      seen.set(`${named} ${e.keyword}`, {
        member: named,
        keyword: e.keyword,
        ...(within?.in ? { in: within.in } : {}),
        ...(dated ? { dated } : {}),
      });
  }
  return [...seen.values()];
}

/** The components a request body of the contract reaches (through every `$ref`, transitively), per contract. */
const requestComponents = new WeakMap<Contract, Set<string>>();
function componentsOfRequests(contract: Contract): Set<string> {
  const known = requestComponents.get(contract);
  if (known) return known;
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.split('/').pop()!;
      if (found.has(name)) return;
      found.add(name);
      walk(contract.resolveSchema({ $ref: ref }));
      return;
    }
    Object.values(node).forEach(walk);
  };
  for (const op of contract.operations.values()) walk(op.requestBody?.schema);
  requestComponents.set(contract, found);
  return found;
}

/**
 * Of an answer's member off form (its parent's `pointer` in a response `schema`), the answer's object holding it: the innermost
 * component on the way that no request body holds, and, where the member sits in a component a request shares (seed 000's
 * PhoneNumber, both Consumer.mobileNumber and MaskedConsumer.maskedMobileNumber), the answer's member holding that component
 * (maskedMobileNumber). A rule citing the shared component states the request's form (CE-PAT-PHONE, refused or accepted); the
 * answer's form is stated of the answer's object (CE-RESP-FORMS of MaskedConsumer), where a rule of the catalogue states it.
 * Where every component on the way is shared with a request, or no rule states the answer object's forms, the innermost is the
 * holder, as read before.
 */
export function answerHolderAt(contract: Contract, schema: unknown, pointer: string): { in?: string; member?: string } {
  const segments = pointer.split('/').filter(Boolean);
  const shared = componentsOfRequests(contract);
  const innermost = componentAt(contract, schema, pointer);
  if (innermost === undefined || !shared.has(innermost)) return innermost === undefined ? {} : { in: innermost };
  for (let k = segments.length - 1; k >= 0; k--) {
    const at = componentAt(contract, schema, segments.length && k ? `/${segments.slice(0, k).join('/')}` : '');
    if (at === undefined) break;
    if (shared.has(at)) continue;
    // Only where the catalogue states the answer's object's forms (card enrollment's CE-RESP-FORMS cites MaskedConsumer);
    // elsewhere the shared component's rule is the one stating the member's form.
    if (!statesFormsOf(contract.service, at)) break;
    const member = segments.slice(k).find((s) => !/^\d+$/.test(s));
    return { in: at, ...(member ? { member: member.replace(/~1/g, '/').replace(/~0/g, '~') } : {}) };
  }
  return { in: innermost };
}

/**
 * The component schema whose object sits at `pointer` of a body `schema` describes: the last `$ref` crossed on the way (through
 * properties, items and the parts of allOf, oneOf and anyOf), or undefined where none is.
 */
export function componentAt(contract: Contract, schema: unknown, pointer: string): string | undefined {
  let named: string | undefined;
  const resolve = (node: any): any => {
    for (let i = 0; i < 10 && typeof node?.$ref === 'string'; i++) {
      named = node.$ref.split('/').pop();
      node = contract.resolveSchema({ $ref: node.$ref });
    }
    return node;
  };
  const childOf = (node: any, segment: string): any => {
    node = resolve(node);
    if (!node || typeof node !== 'object') return undefined;
    const direct = /^\d+$/.test(segment) ? node.items : node.properties?.[segment];
    if (direct !== undefined) return direct;
    const before = named;
    for (const part of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
      const found = childOf(part, segment);
      if (found !== undefined) return found;
      named = before;
    }
    return undefined;
  };
  let node: any = schema;
  for (const segment of pointer.split('/').filter(Boolean)) {
    node = childOf(node, segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (node === undefined) return undefined;
  }
  resolve(node);
  return named;
}

export class ContractViolation extends Error {
  /** The operation and status, carried for the verdict (the message is for people). */
  readonly site?: ViolationSite;
  /** Of a judge's violation (judgedViolation): what it judged, and each problem with the rule leading it, weighed apart by the client. */
  subject?: string;
  parts?: { rule?: string; text: string }[];
  readonly at?: Pick<Exchange, 'operation' | 'status'>;

  constructor(
    readonly check: string,
    message: string,
    at?: Pick<Exchange, 'operation' | 'status'>,
    /** The rules it breaks, where known (a service's judge): a broken auth or masking rule blocks whatever the test's source. */
    readonly rules: readonly string[] = [],
    members?: JudgedMember[],
  ) {
    super(`[${check}] ${message}`);
    this.name = 'ContractViolation';
    this.at = at;
    if (at)
      this.site = {
        operationId: at.operation.operationId,
        method: at.operation.method,
        path: at.operation.path,
        status: at.status,
        ...(members?.length ? { members } : {}),
      };
  }
}

/** A judge's violation of `problems` (each "RULE-ID: text"), or undefined when there are none: its rules those leading them. */
export function judgedViolation(
  check: string,
  subject: string,
  problems: string[],
  at?: Pick<Exchange, 'operation' | 'status'>,
): ContractViolation | undefined {
  if (!problems.length) return undefined;
  const parts = problems.map((text) => ({ rule: ruleIdsLeading([text])[0], text }));
  const v = new ContractViolation(check, `${subject}: ${problems.join('; ')}`, at, ruleIdsLeading(problems));
  v.subject = `${subject}: `;
  v.parts = parts;
  return v;
}

export interface Exchange {
  operation: Operation;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

/** The response spec the contract gives for a status (exact, then 4XX-style range, then default). */
export const documentedResponse = (op: Operation, status: number) =>
  op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;

function where(op: Operation) {
  return `${op.method} ${op.path} (${op.operationId})`;
}

export const formatAjvErrors = (errors: ErrorObject[] | null | undefined, max = 5): string =>
  (errors ?? [])
    .slice(0, max)
    .map((e) => {
      const at = e.instancePath || '/';
      // What the schema documents there, where Ajv's message leaves it out: a required member's name, an enum's values.
      const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
      const extra =
        e.keyword === 'required'
          ? ` '${(e.params as { missingProperty: string }).missingProperty}'`
          : e.keyword === 'enum' && Array.isArray(allowed)
            ? ` (documented: ${allowed.map((v) => JSON.stringify(v)).join(', ')})`
            : '';
      const value =
        e.keyword === 'required' ? '' : ` (value: ${JSON.stringify(redact(e.data, e.instancePath.split('/').pop()))?.slice(0, 120)})`;
      return `${at}: ${e.keyword}${extra} ${e.message ?? ''}${value}`;
    })
    .join('; ');

/** No response carries in clear a card number, security code, SSN, account number, secret or key the suite sent. */
export function sensitiveEchoConformance(exchange: Exchange, echoes: Echo[]): void {
  const { operation, status } = exchange;
  if (echoes.length === 0) return;
  // The length, never the value: enough to tell a leak from a coincidence in the report.
  const found = [...new Set(echoes.map((e) => `a full ${e.kind} (${e.value.length} characters) at ${e.at}`))].join('; ');
  throw new ContractViolation(
    'sensitiveEchoConformance',
    `${where(operation)} ${status}: Received: ${found}, sent by the suite, in clear / Documented: never returned unmasked`,
    exchange,
    [],
    // Each kind found, as a masking rule of the operation names it ("the full account number"): filed under that rule.
    [...new Set(echoes.map((e) => e.kind))].map((kind) => ({ member: kind, keyword: 'echo' })),
  );
}

export function statusCodeConformance(exchange: Exchange): void {
  const { operation, status } = exchange;
  if (documentedResponse(operation, status)) return;
  throw new ContractViolation(
    'statusCodeConformance',
    `${where(operation)}: Received: ${status} / Documented: ${Object.keys(operation.responses).join(', ')}`,
    exchange,
  );
}

export function contentTypeConformance(exchange: Exchange): void {
  const { operation, status, headers, text } = exchange;
  const spec = documentedResponse(operation, status);
  if (!spec || spec.contentTypes.length === 0 || text.length === 0) return;
  const received = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const ok = spec.contentTypes.some((t) => t.toLowerCase() === received || (t.endsWith('/*') && received.startsWith(t.slice(0, -1))));
  if (!ok)
    throw new ContractViolation(
      'contentTypeConformance',
      `${where(operation)} ${status}: Received: '${received || 'none'}' / Documented: ${spec.contentTypes.join(', ')}`,
      exchange,
    );
}

/** The received media type when the contract declares it for this status, else the first declared. */
export function declaredBody({ operation, status, headers }: Pick<Exchange, 'operation' | 'status' | 'headers'>) {
  const spec = documentedResponse(operation, status);
  if (!spec || spec.contentTypes.length === 0) return undefined;
  const received = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const mediaType =
    spec.contentTypes
      .map((t) => t.toLowerCase())
      .find((t) => t === received || (t.endsWith('/*') && received.startsWith(t.slice(0, -1)))) ?? spec.contentTypes[0].toLowerCase();
  return { spec, mediaType, schema: spec.schemas[mediaType] ?? spec.schema, json: /^application\/(.+\+)?json$/.test(mediaType) };
}

export function responseBodyPresence(exchange: Exchange): void {
  const body = declaredBody(exchange);
  if (body?.schema && exchange.text.length === 0)
    throw new ContractViolation(
      'responseBodyPresence',
      `${where(exchange.operation)} ${exchange.status}: Received: empty body / Documented: a ${body.mediaType} body`,
      exchange,
    );
}

/**
 * A success whose documented response declares no content carries none: the provider's "no body" answers (installments'
 * asynchronous approval and participation 202s, provider 2.0.0; financial data's 204s, a 203 challenge, a webhook test's 200).
 * An error status without declared content is left to the error-shape check: a provider's error of that status may carry one.
 */
export function responseBodyAbsence(exchange: Exchange): void {
  const spec = documentedResponse(exchange.operation, exchange.status);
  if (!spec || spec.contentTypes.length > 0 || exchange.status >= 400 || exchange.text.length === 0) return;
  const type = (exchange.headers['content-type'] ?? '').split(';')[0].trim() || 'no content type';
  throw new ContractViolation(
    'responseBodyAbsence',
    `${where(exchange.operation)} ${exchange.status}: Received: a ${exchange.text.length}-character body (${type}) / Documented: no content`,
    exchange,
  );
}

/** A response that breaks only a seed rule where the provider publishes the value (schemas/<service>/conflicts.yaml). */
export interface ConflictMet {
  id: string;
  message: string;
}

/** A conflict or known provider deviation met at a place (`METHOD /path (op) status`), with what was received there. */
export function conflictMet(conflict: Conflict, place: string, received: string): ConflictMet {
  const { kept, followed } = sourcesOf(conflict);
  return {
    id: conflict.id,
    message: `[${CONFLICT_CHECK}] ${conflict.id}: ${place}: Received: ${received}, as the ${followed.label.toLowerCase()} shows (${followed.text}) / Documented by the ${kept.label.toLowerCase()}: ${kept.text}`,
  };
}

/** Throws on a body breaking its schema; returns the conflicts it follows when its only breaches are provider values (noted, listed). */
export function responseSchemaConformance(contract: Contract, exchange: Exchange): ConflictMet[] {
  const { operation, status, text } = exchange;
  const declared = declaredBody(exchange);
  if (!declared?.schema || text.length === 0) return [];
  // A text body (e.g. the provider's text/plain 401) is checked as the string it is; binary
  // bodies (PDF) carry no schema to check beyond their content type.
  if (!declared.json && (declared.schema.type !== 'string' || declared.schema.format === 'binary')) return [];
  const body = declared.json ? exchange.body : text;
  if (body === undefined)
    throw new ContractViolation(
      'responseSchemaConformance',
      `${where(operation)} ${status}: Received: a body that is not JSON / Documented: ${declared.mediaType}`,
      exchange,
    );
  const validate = contract.validator(`response:${operation.operationId}:${declared.spec.status}:${declared.mediaType}`, declared.schema);
  if (!validate(body)) {
    const errors = formatAjvErrors(validate.errors);
    // A body that breaks only a seed rule the provider publishes otherwise, or only the provider's schema
    // where its own example answers the same (schemas/<service>/conflicts.yaml).
    const followed = answeredConflicts(operation.service, operation.operationId, body, (b) => validate(b));
    if (followed)
      return followed.map(({ conflict, received }) =>
        conflictMet(conflict, `${where(operation)} ${status}`, receivedAt(conflict.answers!, received)),
      );
    throw new ContractViolation(
      'responseSchemaConformance',
      `${where(operation)} ${status}: Received a body that breaks the schema: ${errors}`,
      exchange,
      [],
      closestBranchMembers(
        contract,
        `response:${operation.operationId}:${declared.spec.status}:${declared.mediaType}`,
        declared.schema,
        body,
      ) ?? judgedMembers(validate.errors, (parent) => answerHolderAt(contract, declared.schema, parent)),
    );
  }
  return [];
}

/**
 * Of a body breaking a schema of alternatives (an anyOf or oneOf at its root: seed 000's ErrorBody, the samples' ErrorResponse
 * or the declared error schema), the members off form in the alternative it comes closest to (fewest errors): the other
 * alternatives' demands (the declared schema's `reason`, where the body is the samples' shape) are not what it received off
 * form. Undefined where the schema has no alternatives at its root.
 */
function closestBranchMembers(contract: Contract, key: string, schema: unknown, body: unknown): JudgedMember[] | undefined {
  const root = contract.resolveSchema(schema as Json) as Json | undefined;
  const branches: unknown[] | undefined = root?.anyOf ?? root?.oneOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  let best: { schema: unknown; errors: ErrorObject[] } | undefined;
  for (const [i, branch] of branches.entries()) {
    const validate = contract.validator(`${key}:branch${i}`, branch as Json);
    if (validate(body)) return undefined;
    const errors = [...(validate.errors ?? [])];
    if (!best || errors.length < best.errors.length) best = { schema: branch, errors };
  }
  return best && judgedMembers(best.errors, (parent) => answerHolderAt(contract, best!.schema, parent));
}

export function responseHeadersConformance(contract: Contract, exchange: Exchange): void {
  const { operation, status, headers } = exchange;
  const spec = documentedResponse(operation, status);
  for (const [name, header] of Object.entries(spec?.headers ?? {})) {
    const value = headers[name];
    if (value === undefined) {
      // A header the target makes when the call sent none (x-made-when-absent) is the header echo check's to judge, sent or not.
      const made = operation.parameters.some((p) => p.in === 'header' && p.madeWhenAbsent && p.name.toLowerCase() === name.toLowerCase());
      if (header.required && !made)
        throw new ContractViolation(
          'responseHeadersConformance',
          `${where(operation)} ${status}: Received: no '${name}' header / Documented: required`,
          exchange,
        );
      continue;
    }
    const typed = header.schema?.type === 'integer' || header.schema?.type === 'number' ? Number(value) : value;
    const validate = contract.validator(`header:${operation.operationId}:${status}:${name}`, header.schema);
    if (!validate(typed))
      throw new ContractViolation(
        'responseHeadersConformance',
        `${where(operation)} ${status}: header '${name}' Received: '${value}' / Documented: ${formatAjvErrors(validate.errors)}`,
        exchange,
      );
  }
}

/**
 * A header sent that the answer declares under the same name (provider 2.0.0: approvedOffers' Correlation-Id, on every answer)
 * comes back byte for byte on any status, every refusal a spec provokes judged. One not sent is judged only where the contract
 * says the target makes its own (`x-made-when-absent`): every answer declaring it then carries one, not empty (its value free).
 */
export function requestHeaderEchoConformance(
  exchange: Exchange,
  sent: Record<string, string>,
  echoed: ReadonlySet<string> = new Set(),
): void {
  const { operation, status, headers } = exchange;
  const declared = Object.keys(documentedResponse(operation, status)?.headers ?? {}).map((n) => n.toLowerCase());
  for (const param of operation.parameters) {
    const name = param.name.toLowerCase();
    // A header another answer of the contract declares (`echoed`: helpers/contract/echoed-headers.ts)
    // is judged wherever this answer carries it: the same id of the same exchange (*-PROP-HEADER-ECHO).
    if (param.in !== 'header' || !(declared.includes(name) || (echoed.has(name) && headers[name] !== undefined))) continue;
    const given = Object.entries(sent).find(([key]) => key.toLowerCase() === name)?.[1];
    const received = headers[name];
    if (given === undefined) {
      if (param.madeWhenAbsent && declared.includes(name) && !received)
        throw new ContractViolation(
          'requestHeaderEchoConformance',
          `${where(operation)} ${status}: header '${param.name}' Received: ${received === undefined ? 'none' : JSON.stringify(received)} for a call sent none / Documented: one the service makes of its own when the caller gives none`,
          exchange,
        );
      continue;
    }
    if (received !== given)
      throw new ContractViolation(
        'requestHeaderEchoConformance',
        `${where(operation)} ${status}: header '${param.name}' Received: ${JSON.stringify(received)} / Documented: the value sent, ${JSON.stringify(given)}`,
        exchange,
      );
  }
}
