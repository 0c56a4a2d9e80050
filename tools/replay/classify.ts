// Classifies each request a replay ran into exactly one class of tools/replay/classes.ts, tried
// in order: the first that explains the request is its class, with a one-line reason. The contract
// stands for the provider's document (its operations and schemas are the document's, and
// `npm run diff` lists where they are not); the tables of classes.ts add what the contract cannot say.
import type { Contract, Operation } from '../../helpers/contract/contract.js';
import { violations } from '../../mocks/kit/validation.js';
import { isProviderStatus, type Conflict } from '../../helpers/contract/conflicts.js';
import { DOCUMENTED_REFUSALS, type ReplayClassId } from './classes.js';
import { describeExpected, isExpected } from './expected.js';
import type { Execution } from './run.js';

export interface Classified {
  /** Folders and name: `Accounts / Get Customer Accounts`. */
  item: string;
  method: string;
  /** The URL's path as the collection writes it (ids behind variables stay `{{variables}}`). */
  path: string;
  /** The status received, or `none` when no response came. */
  status: number | 'none';
  expected: string;
  class: ReplayClassId;
  reason: string;
  /** The error code and message of the response (redacted by the report), or the request error. */
  evidence: string;
}

interface ClassifyContext {
  contract: Contract;
  /** The collection variables that held the base URL (`baseUrl`): a URL under none is not an API request. */
  baseVariables: string[];
  /** The service's seed-vs-provider conflicts (schemas/<service>/conflicts.yaml). */
  conflicts: readonly Conflict[];
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const UNRESOLVED = /\{\{([^{}]+)\}\}/g;
const TEMPLATED = /\{\{[^{}]+\}\}/;

/** The path of a URL as written: base URL variable, query and fragment dropped. */
function writtenPath(rawUrl: string, baseVariables: string[]): string {
  let rest = rawUrl.trim();
  for (const v of baseVariables) if (rest.startsWith(`{{${v}}}`)) rest = rest.slice(v.length + 4);
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return rest.split(/[?#]/)[0] || '/';
}

/** The code and message of an error body (the service's own shapes, generically), or the start of the text. */
function evidenceOf(e: Execution): string {
  if (e.status === undefined) return e.error ?? 'no response';
  const text = e.responseText ?? '';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.replace(/\s+/g, ' ').trim().slice(0, 160);
  }
  const find = (node: unknown, keys: RegExp): string | undefined => {
    if (Array.isArray(node)) return node.map((n) => find(n, keys)).find((v) => v !== undefined);
    if (!node || typeof node !== 'object') return undefined;
    for (const [k, v] of Object.entries(node)) if (keys.test(k) && (typeof v === 'string' || typeof v === 'number')) return String(v);
    return Object.values(node)
      .map((v) => find(v, keys))
      .find((v) => v !== undefined);
  };
  if (e.status < 300) return `a ${e.status} body`;
  const code = find(body, /^(code|errorCode|reasonCode)$/i);
  const message = find(body, /^(message|description|user_message|error|errorMessage)$/i);
  return [code, message].filter(Boolean).join(' ') || text.slice(0, 160);
}

/** Where the request is inconsistent with the document: one phrase per finding. */
function inconsistencies(e: Execution, op: Operation | undefined, ctx: ClassifyContext): string[] {
  const found: string[] = [];
  if (!e.sent || e.status === undefined) {
    const underBase = ctx.baseVariables.some((v) => e.rawUrl.trim().startsWith(`{{${v}}}`));
    if (!underBase) found.push('not a request of the API: its URL is not under the base URL');
    return found;
  }
  const sentText = [safeDecode(e.sent.url), ...Object.values(e.sent.headers), e.sent.body ?? ''].join('\n');
  const unresolved = [...new Set([...sentText.matchAll(UNRESOLVED)].map((m) => m[1]))];
  if (unresolved.length) found.push(`unresolved ${unresolved.map((v) => `{{${v}}}`).join(', ')} (no variable of that name is set)`);
  const emptyPathVars = Object.entries(e.pathVariables)
    .filter(([k, v]) => v === '' && new URL(e.sent!.url).pathname.includes(`:${k}`))
    .map(([k]) => `:${k}`);
  if (emptyPathVars.length) found.push(`path variable ${emptyPathVars.join(', ')} has no value`);
  if (!op) {
    found.push(`no operation of the document answers ${e.method} ${writtenPath(e.rawUrl, ctx.baseVariables)}`);
    return found;
  }
  const missing = missingAuthHeaders(e, op, ctx.contract);
  if (missing.length) found.push(`no ${missing.join(' / ')} header, which ${op.operationId} needs`);
  found.push(...misplacedVariables(e, op, ctx));
  if (e.status === 400 && op.requestBody && e.sent.body) {
    const validate = ctx.contract.requestValidatorOf(op.operationId);
    let body: unknown;
    try {
      body = JSON.parse(e.sent.body);
    } catch {
      found.push('the body is not JSON');
    }
    if (validate && body !== undefined && !validate(body))
      found.push(
        `the body breaks the document's schema of ${op.operationId}: ${violations(validate.errors)
          .slice(0, 3)
          .map((v) => v.message)
          .join('; ')}`,
      );
  }
  const documented = Object.keys(op.responses).map(Number);
  const expected = e.expected.statuses;
  if (expected.length && e.status < 300 && documented.includes(e.status) && !expected.some((s) => documented.includes(s)))
    found.push(
      `expects ${describeExpected(e.expected)}, which the document does not give for ${op.operationId} (it gives ${documented.join(', ')})`,
    );
  const refusal = DOCUMENTED_REFUSALS.find(
    (r) => r.operationIds.includes(op.operationId) && r.status === e.status && r.evidence.test(e.responseText ?? ''),
  );
  if (refusal) found.push(refusal.document);
  return found;
}

/** The security headers none of whose alternatives the request carries (the provider's header names). */
function missingAuthHeaders(e: Execution, op: Operation, contract: Contract): string[] {
  if (op.security.length === 0) return [];
  const schemes = contract.document.components?.securitySchemes ?? {};
  const header = (scheme: string) => String(schemes[scheme]?.['x-provider-name'] ?? schemes[scheme]?.name ?? scheme);
  const sent = new Set(Object.keys(e.sent!.headers).map((h) => h.toLowerCase()));
  const lacking = op.security.map((alt) => alt.map(header).filter((h) => !sent.has(h.toLowerCase())));
  if (lacking.some((l) => l.length === 0)) return [];
  return lacking.sort((a, b) => a.length - b.length)[0];
}

/** The raw URL's path segments against the operation's template (same length when the operation matched). */
function segmentsOf(e: Execution, op: Operation, ctx: ClassifyContext): { template: string; written: string; sent: string }[] {
  const written = writtenPath(e.rawUrl, ctx.baseVariables).split('/');
  const sent = new URL(e.sent!.url).pathname.split('/');
  const template = op.path.split('/');
  if (written.length !== template.length || sent.length !== template.length) return [];
  return template.map((t, i) => ({ template: t, written: written[i], sent: safeDecode(sent[i]) }));
}

/** A variable in the place of another id (`{{institutionLoginId}}` where the document has `{institutionId}`). */
function misplacedVariables(e: Execution, op: Operation, ctx: ClassifyContext): string[] {
  const out: string[] = [];
  for (const s of segmentsOf(e, op, ctx)) {
    const param = /^\{([^}]+)\}$/.exec(s.template)?.[1];
    const variable = /^\{\{([^{}]+)\}\}$/.exec(s.written)?.[1];
    if (!param || !variable) continue;
    // savingAccountId for accountId, avaCustomerId for customerId: a qualified name of the same id.
    if (!norm(variable).endsWith(norm(param)) && !norm(param).endsWith(norm(variable))) out.push(`{{${variable}}} is sent as ${param}`);
  }
  return out;
}

interface Literal {
  name: string;
  value: string;
  where: string;
}

const ID_LIKE = (v: string) => /^[0-9]{3,}$/.test(v) || /^[0-9a-f-]{12,}$/i.test(v) || (/[0-9]/.test(v) && /^[A-Za-z0-9_-]{6,}$/.test(v));

/** Values the collection writes itself (not variables): path segments, path variables, query values, ids of the body, ids its scripts set. */
function literals(e: Execution, op: Operation | undefined, ctx: ClassifyContext): Literal[] {
  const out: Literal[] = [];
  if (op) {
    for (const s of segmentsOf(e, op, ctx)) {
      const param = /^\{([^}]+)\}$/.exec(s.template)?.[1];
      if (!param) continue;
      if (!TEMPLATED.test(s.written)) out.push({ name: param, value: s.written, where: 'the URL' });
      // An id a script sets from a literal of its own (pm.variables.set("institutionId", "4222")).
      else if (new RegExp(`["'\`]${s.sent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`).test(e.prerequest))
        out.push({ name: param, value: s.sent, where: 'a pre-request script' });
    }
  }
  const query = e.rawUrl.split('?')[1]?.split('#')[0] ?? '';
  for (const pair of query.split('&').filter(Boolean)) {
    const [name, value = ''] = pair.split('=');
    if (value && !value.includes('{{')) out.push({ name, value: safeDecode(value), where: 'the query' });
  }
  if (e.sent?.body && e.rawBody) {
    try {
      const walk = (node: unknown, key = ''): void => {
        if (Array.isArray(node)) node.forEach((n) => walk(n, key));
        else if (node && typeof node === 'object') Object.entries(node).forEach(([k, v]) => walk(v, k));
        else if (/id$/i.test(key) && (typeof node === 'string' || typeof node === 'number') && e.rawBody!.includes(String(node)))
          out.push({ name: key, value: String(node), where: 'the body' });
      };
      walk(JSON.parse(e.sent.body));
    } catch {
      // not JSON: no ids to read
    }
  }
  return out;
}

/**
 * The conflict a request meets: it lacks a member where the seed and the provider part (`without`), and the
 * mock answered as the seed says where the collection expects what the provider publishes.
 */
function metConflict(
  e: Execution,
  operationId: string,
  conflicts: readonly Conflict[],
): { conflict: Conflict; lacking: string[] } | undefined {
  const status = e.status!;
  for (const conflict of conflicts) {
    if (!conflict.without || ![...(conflict.accepts ?? []), ...(conflict.refuses ?? [])].includes(operationId)) continue;
    const providerExpected = conflict.accepts
      ? status >= 400 &&
        status < 500 &&
        (e.expected.statuses.length === 0 || e.expected.statuses.some((s) => isProviderStatus(conflict, s)))
      : status >= 200 && status < 300 && e.expected.statuses.some((s) => isProviderStatus(conflict, s));
    if (!providerExpected) continue;
    const lacking = conflict.without.filter((member) => lacks(e, member));
    if (lacking.length) return { conflict, lacking };
  }
  return undefined;
}

/** Whether the request sent lacks a member: `query:<name>`, `header:<name>`, `body:<dotted path>`. */
function lacks(e: Execution, member: string): boolean {
  const [where, name] = [member.slice(0, member.indexOf(':')), member.slice(member.indexOf(':') + 1)];
  if (where === 'query') return !new URL(e.sent!.url).searchParams.has(name);
  if (where === 'header') return !Object.keys(e.sent!.headers).some((h) => h.toLowerCase() === name.toLowerCase());
  let node: unknown;
  try {
    node = JSON.parse(e.sent!.body ?? '');
  } catch {
    return false;
  }
  for (const part of name.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return true;
    node = (node as Record<string, unknown>)[part];
  }
  return false;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Classifies one execution. */
export function classify(e: Execution, ctx: ClassifyContext): Classified {
  const evidence = evidenceOf(e);
  const row = (cls: ReplayClassId, reason: string): Classified => ({
    item: e.path.join(' / '),
    method: e.method,
    path: writtenPath(e.rawUrl, ctx.baseVariables),
    status: e.status ?? 'none',
    expected: describeExpected(e.expected),
    class: cls,
    reason,
    evidence,
  });
  const statusExpected = isExpected(e.expected, e.status);
  if (statusExpected && e.testFailures.length === 0)
    return row('expected', e.expected.statuses.length ? 'as its test expects' : 'a 2xx; the item asserts no status');
  const url = e.sent && e.status !== undefined ? new URL(e.sent.url) : undefined;
  const op = url ? ctx.contract.operationAt(e.method, url.pathname) : undefined;
  const met = op && e.sent ? metConflict(e, op.operationId, ctx.conflicts) : undefined;
  if (met)
    return row(
      'seed-vs-provider conflict',
      `${met.conflict.id}: ${met.lacking.join(', ')} not sent; the seed: ${met.conflict.seed}; the provider: ${met.conflict.provider}`,
    );
  const found = inconsistencies(e, op, ctx);
  if (found.length) return row('collection inconsistency', found.join('; '));
  if (e.status === 404 || e.status === 400) {
    const said = norm(evidence);
    const mentioned = (l: Literal) => said.includes(norm(l.name)) || (l.value.length >= 3 && said.includes(norm(l.value)));
    const lacking = literals(e, op, ctx).filter((l) => mentioned(l) || (e.status === 404 && ID_LIKE(l.value)));
    const named = [...new Set(lacking.map((l) => `${l.name} ${l.value} (${l.where})`))];
    if (named.length) return row('data the mock lacks', `${named.join(', ')}: written into the collection, unknown to the mock`);
  }
  if (statusExpected) return row('mock or contract defect', `${e.status} as expected, but its test fails: ${e.testFailures[0]}`);
  return row(
    'mock or contract defect',
    e.status === undefined
      ? `no response: ${e.error ?? 'unknown error'}`
      : `${e.status} where the collection expects ${describeExpected(e.expected)}`,
  );
}
