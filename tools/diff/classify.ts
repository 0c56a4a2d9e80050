// A change judged from the suite's point of view, not a client's: what happens to the
// rules of the catalogue (schemas/<service>/rules.yaml) and the checks that rest on the changed
// element once the provider ships the new document.
//   false-alarm risk  a check now stricter than the new contract: it fails a target that keeps it
//                     (a required field made optional, a limit relaxed, an enum value added, a
//                     status removed that a check expects, a response field's type changed)
//   unchecked         something new that no rule covers (an operation, a status, a field rule, a limit)
//   obsolete          a check of something the new contract no longer has
//   tightened         a check now laxer than the new contract: it passes a target that breaks it
// plus `no check affected` and `outside the suite` (an operation the suite's contract lacks).
import type { Rule, RuleKind } from '../../helpers/contract/rules.js';
import type { Located } from './locate.js';
import { deref, trace, type Normalized } from './normalize.js';
import type { Json, Operation } from '../../helpers/contract/contract.js';
import { escapeRegExp } from '../../helpers/contract/writers.js';
import { oncePerName } from '../../helpers/secrets/sensitive.js';

export const CLASSES = ['false-alarm risk', 'unchecked', 'obsolete', 'tightened', 'no check affected', 'outside the suite'] as const;
export type DiffClass = (typeof CLASSES)[number];
/** Classes that fail `npm run diff` (exit 1): the changes to act on (CLASS_MEANING). */
export const FAILING_CLASSES: readonly DiffClass[] = ['false-alarm risk', 'unchecked', 'obsolete', 'tightened'];

export const CLASS_MEANING: Record<DiffClass, string> = {
  'false-alarm risk': 'a check stricter than the new contract: it fails a target that keeps the new contract',
  unchecked: 'new in the contract and covered by no rule of the catalogue: no check would catch a target that breaks it',
  obsolete: 'a check of something the new contract no longer has',
  tightened: 'a check laxer than the new contract: it passes a target that breaks the new contract',
  'no check affected': 'a change no rule or check of the suite rests on',
  'outside the suite': "a change of an operation the suite's contract does not have",
};

type SuiteOperation = Pick<Operation, 'operationId' | 'method' | 'path'>;

export interface SuiteView {
  service: string;
  /** The operations of the suite's contract. */
  operations: SuiteOperation[];
  rules: Rule[];
}

export interface Judged {
  class: DiffClass;
  /** What changed, in a few words: `required relaxed`, `status added`, `limit tightened`... */
  kind: string;
  /** The change itself: `zip no longer required`, `maxLength 511 -> 100`. */
  detail: string;
  /** The suite's operationId the change touches (ours may differ from the document's). */
  ours?: string;
  /** Rules resting on the changed element. */
  rules: string[];
  /** The client's built-in checks resting on it (statusCodeConformance, responseSchemaConformance...). */
  builtIn: string[];
}

type Direction = 'relax' | 'tighten' | 'change' | 'neutral' | 'add' | 'remove';
const UPPER = new Set(['maxLength', 'maximum', 'maxItems', 'maxProperties', 'exclusiveMaximum', 'maxContains']);
const LOWER = new Set(['minLength', 'minimum', 'minItems', 'minProperties', 'exclusiveMinimum', 'minContains']);
const ASSERTIONS = new Set(['pattern', 'format', 'const', 'multipleOf', 'contentEncoding', 'propertyNames', 'dependentRequired']);
const STRUCTURAL = new Set(['$ref', 'not', 'if', 'then', 'else', 'prefixItems', 'contains', 'patternProperties', 'unevaluatedProperties']);
const VACUOUS = new Set(['minLength', 'minItems', 'minProperties']);
const NUMERIC_FORMATS = new Set(['int32', 'int64', 'float', 'double']);
const CONSTRAINTS = `enum const pattern format minLength maxLength minimum maximum exclusiveMinimum exclusiveMaximum minItems maxItems
  multipleOf`.split(/\s+/);

/** A path template with its parameters unnamed and no trailing slash: `/a/{id}/` is `/a/{}`. */
export const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');
const asSet = (t: unknown) => new Set((Array.isArray(t) ? t : t === undefined ? [] : [t]).map(String));

function direction(keyword: string, action: Located['action'], before: unknown, after: unknown): Direction {
  if (keyword === 'required') return action === 'add' ? 'tighten' : action === 'remove' ? 'relax' : 'change';
  if (keyword === 'enum') {
    if (action === 'replace') return 'change';
    // A value of a list (an index) widens or narrows it; a whole enum added or dropped is a constraint.
    const value = action === 'add' ? after : before;
    if (Array.isArray(value)) return action === 'add' ? 'tighten' : 'relax';
    return action === 'add' ? 'relax' : 'tighten';
  }
  if (UPPER.has(keyword) || LOWER.has(keyword)) {
    // A length or count of at least 0 asserts nothing.
    if (VACUOUS.has(keyword) && (action === 'add' ? after : action === 'remove' ? before : undefined) === 0) return 'neutral';
    if (action === 'add') return 'tighten';
    if (action === 'remove') return 'relax';
    if (typeof before !== 'number' || typeof after !== 'number') return 'change';
    return (UPPER.has(keyword) ? after > before : after < before) ? 'relax' : 'tighten';
  }
  if (keyword === 'type') {
    if (action === 'add') return 'tighten';
    if (action === 'remove') return 'relax';
    const [b, a] = [asSet(before), asSet(after)];
    if ([...b].every((t) => a.has(t) || (t === 'integer' && a.has('number')))) return 'relax';
    if ([...a].every((t) => b.has(t) || (t === 'integer' && b.has('number')))) return 'tighten';
    return 'change';
  }
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') {
    const open = (v: unknown) => v === undefined || v === true;
    if (open(before) && !open(after)) return 'tighten';
    if (!open(before) && open(after)) return 'relax';
    return 'change';
  }
  if (keyword === 'uniqueItems') return after === true ? 'tighten' : 'relax';
  // Numeric formats name a width, not a constraint a target's answer is checked against.
  if (keyword === 'format' && [before, after].every((f) => f === undefined || NUMERIC_FORMATS.has(String(f)))) return 'neutral';
  if (ASSERTIONS.has(keyword)) return action === 'add' ? 'tighten' : action === 'remove' ? 'relax' : 'change';
  if (keyword === 'variant') return action === 'add' ? 'relax' : action === 'remove' ? 'tighten' : 'change';
  if (keyword === 'property' || keyword === 'schema') return action === 'add' ? 'add' : action === 'remove' ? 'remove' : 'change';
  if (STRUCTURAL.has(keyword)) return action === 'add' ? 'tighten' : action === 'remove' ? 'relax' : 'change';
  return 'neutral';
}

/**
 * Whether a schema restricts its values to a list: its own enum, or one of its allOf members'. An empty
 * enum is no list (the diff library leaves one behind in a schema it walked; a document's has a value).
 */
function enumerated(doc: Json, schema: Json, depth = 0): boolean {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 10) return false;
  if (Array.isArray(s.enum) && s.enum.length > 0) return true;
  return Array.isArray(s.allOf) && s.allOf.some((m: Json) => enumerated(doc, m, depth + 1));
}

/** A schema that asserts a type: the generated refusals send a value of another type. */
function typed(doc: Json, schema: Json): boolean {
  const s = deref(doc, schema);
  return !!s && typeof s === 'object' && s.type !== undefined;
}

/** A schema that asserts something beyond its type: a new field rule when it appears. */
function constrained(doc: Json, schema: Json): boolean {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object') return false;
  if (CONSTRAINTS.some((k) => k in s) || (Array.isArray(s.required) && s.required.length > 0)) return true;
  return ['anyOf', 'oneOf', 'allOf'].some((k) => Array.isArray(s[k]) && s[k].some((m: Json) => constrained(doc, m)));
}

const KINDS: Record<string, RuleKind[]> = {
  required: ['required', 'exclusive'],
  enum: ['enum', 'filter'],
  bound: ['limit', 'range', 'counter', 'paging'],
  pattern: ['pattern', 'format'],
  default: ['paging', 'value', 'filter'],
};
const kindsOf = (keyword: string): RuleKind[] | undefined =>
  UPPER.has(keyword) || LOWER.has(keyword) ? KINDS.bound : keyword === 'format' ? KINDS.pattern : KINDS[keyword];
// Compiled once per name, read once per rule: a large diff asks about the same few names and rules thousands of times.
const wordOf = oncePerName((name) => new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(name)}([^A-Za-z0-9_]|$)`, 'i'));
const mentions = (rule: Rule, name: string) => name.length > 1 && wordOf(name).test(haystackOf(rule));
const perRule = <T>(answer: (rule: Rule) => T) => {
  const known = new WeakMap<Rule, T>();
  return (rule: Rule) => {
    if (!known.has(rule)) known.set(rule, answer(rule));
    return known.get(rule) as T;
  };
};
const haystackOf = perRule((rule) => `${rule.text} ${rule.cite}`);
/** The generated refusals: a rule checked on every request the contract refuses (FD-NEGATIVE, IN-ERR-CONTRACT). */
// (`generated` alone is no sign: a report is generated, an id is generated; the cases are generated.)
const isGeneric = perRule((rule) => /the contract refuses|generated (cases|from (it|the contract))/i.test(rule.text));

function describe(loc: Located, dir: Direction): { kind: string; detail: string } {
  const field = loc.field ? `\`${loc.field}\`` : loc.param ? `${loc.param.in} parameter \`${loc.param.name}\`` : 'the body';
  const v = (x: unknown) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? 'none'));
  switch (loc.keyword) {
    case 'required': {
      const name = `\`${[loc.field, v(loc.action === 'add' ? loc.after : loc.before)].filter(Boolean).join('.')}\``;
      return dir === 'relax'
        ? { kind: 'required relaxed', detail: `${name} no longer required` }
        : { kind: 'required added', detail: `${name} now required` };
    }
    case 'enum':
      if (dir === 'relax' && loc.action === 'add') return { kind: 'enum value added', detail: `${field} allows ${v(loc.after)}` };
      if (dir === 'tighten' && loc.action === 'remove')
        return { kind: 'enum value removed', detail: `${field} no longer allows ${v(loc.before)}` };
      if (dir === 'relax') return { kind: 'enum removed', detail: `${field} no longer restricted to an enum` };
      if (dir === 'tighten') return { kind: 'enum added', detail: `${field} now restricted to an enum` };
      return { kind: 'enum changed', detail: `${field} enum ${v(loc.before)} -> ${v(loc.after)}` };
    case 'property':
      return { kind: loc.action === 'add' ? 'field added' : loc.action === 'remove' ? 'field removed' : 'field changed', detail: field };
    case 'schema':
      return { kind: loc.action === 'add' ? 'schema added' : loc.action === 'remove' ? 'schema removed' : 'schema changed', detail: field };
    case 'variant': {
      // The variant's schema by name, where it is one (a $ref, or an allOf over one).
      const member = (loc.action === 'add' ? loc.after : loc.before) as Json;
      const ref = [member, ...(Array.isArray(member?.allOf) ? member.allOf : [])].find((m: Json) => typeof m?.$ref === 'string')?.$ref;
      return {
        kind: loc.action === 'add' ? 'variant added' : loc.action === 'remove' ? 'variant removed' : 'variant changed',
        detail: `${field} (anyOf/oneOf)${ref ? `: ${String(ref).split('/').pop()}` : ''}`,
      };
    }
    case 'default':
      return {
        kind: `default ${loc.action === 'add' ? 'added' : loc.action === 'remove' ? 'removed' : 'changed'}`,
        detail: `${field} default ${v(loc.before)} -> ${v(loc.after)}`,
      };
    default: {
      const what = UPPER.has(loc.keyword) || LOWER.has(loc.keyword) ? 'limit' : loc.keyword;
      const verb =
        dir === 'relax'
          ? 'relaxed'
          : dir === 'tighten'
            ? loc.action === 'add'
              ? 'added'
              : 'tightened'
            : dir === 'neutral'
              ? `${loc.action === 'add' ? 'added' : loc.action === 'remove' ? 'removed' : 'changed'} (asserts nothing)`
              : 'changed';
      return { kind: `${what} ${verb}`, detail: `${field} ${loc.keyword} ${v(loc.before)} -> ${v(loc.after)}` };
    }
  }
}

export class Classifier {
  private readonly byId = new Map<string, SuiteOperation>();
  /** The rules of each operation, listed once: a large diff judges thousands of changes. */
  private readonly byOperation = new Map<string, Rule[]>();

  private rulesOf(operationId: string): Rule[] {
    if (!this.byOperation.size)
      for (const r of this.view.rules) for (const id of r.operations) this.byOperation.set(id, [...(this.byOperation.get(id) ?? []), r]);
    return this.byOperation.get(operationId) ?? [];
  }

  constructor(
    readonly view: SuiteView,
    private readonly before: Normalized,
    private readonly after: Normalized,
  ) {
    for (const op of view.operations) this.byId.set(op.operationId, op);
  }

  /** An operation's security alternatives (its own, else the document's), each a sorted list of schemes. */
  private security(side: Normalized, loc: Located): string[][] {
    const op = side.doc.paths?.[loc.route!]?.[loc.method!];
    const reqs: Json[] = op?.security ?? side.doc.security ?? [];
    return reqs.map((r) => Object.keys(r ?? {}).sort());
  }

  /** The suite's operation a change touches: same operationId, else same method and path template. */
  ours(loc: Located): SuiteOperation | undefined {
    if (loc.operationId && this.byId.has(loc.operationId)) return this.byId.get(loc.operationId);
    if (!loc.route || !loc.method) return undefined;
    return this.view.operations.find((op) => op.method.toLowerCase() === loc.method && norm(op.path) === norm(loc.route!));
  }

  judge(loc: Located): Judged {
    const op = this.ours(loc);
    const base = { ours: op?.operationId, rules: [] as string[], builtIn: [] as string[] };
    if (!op) {
      if (loc.keyword === 'operation' && loc.action === 'add')
        return { ...base, class: 'unchecked', kind: 'operation added', detail: "not in the suite's contract: no check calls it" };
      return { ...base, class: 'outside the suite', kind: loc.keyword, detail: '' };
    }
    const opRules = this.rulesOf(op.operationId);
    const ids = (rules: Rule[]) => [...new Set(rules.map((r) => r.id))];
    const names = [
      loc.field
        ?.split('.')
        .filter((s) => s !== '[]' && s !== '{}')
        .pop(),
      loc.param?.name,
      loc.header,
      loc.origin?.split('/').pop(),
    ];
    if (loc.keyword === 'required') names.unshift(String(loc.action === 'add' ? loc.after : loc.before));
    const named = (kinds?: RuleKind[]) =>
      opRules.filter(
        (r) => !isGeneric(r) && r.kind !== 'auth' && (!kinds || kinds.includes(r.kind)) && names.some((n) => n && mentions(r, n)),
      );
    const generic = loc.side === 'request' ? opRules.filter(isGeneric) : [];
    const judged = (cls: DiffClass, kind: string, detail: string, rules: Rule[] = [], builtIn: string[] = []): Judged => ({
      ...base,
      class: cls,
      kind,
      detail,
      rules: ids(rules),
      builtIn,
    });
    const code = loc.status ? `\\b${escapeRegExp(loc.status)}\\b` : '';

    switch (loc.keyword) {
      case 'operation':
        return loc.action === 'add'
          ? judged('no check affected', 'operation added', "already in the suite's contract")
          : judged('obsolete', 'operation removed', 'the new document no longer has it', opRules);
      case 'status': {
        // A status the contract lacks fails a target that answers it (statusCodeConformance): a false alarm first.
        if (loc.action === 'add')
          return judged(
            'false-alarm risk',
            'status added',
            `${loc.status}: statusCodeConformance fails a target answering it until the contract documents it (and no check provokes it)`,
            [],
            ['statusCodeConformance'],
          );
        const expecting = opRules.filter((r) => new RegExp(code).test(`${r.text} ${r.cite}`));
        return expecting.length
          ? judged('false-alarm risk', 'status removed', `${loc.status}: a check still expects it`, expecting)
          : judged(
              'tightened',
              'status removed',
              `${loc.status}: the suite still accepts a status the contract no longer documents`,
              [],
              ['statusCodeConformance'],
            );
      }
      case 'media':
        if (loc.side === 'response')
          return loc.action === 'add'
            ? judged('unchecked', 'media type added', `${loc.status} ${loc.media}`, [], ['contentTypeConformance'])
            : judged('tightened', 'media type removed', `${loc.status} ${loc.media}`, [], ['contentTypeConformance']);
        return loc.action === 'add'
          ? judged('unchecked', 'request media type added', String(loc.media))
          : judged('obsolete', 'request media type removed', String(loc.media), [...named(), ...generic]);
      case 'parameter': {
        if (loc.action === 'remove')
          return judged('obsolete', 'parameter removed', `${loc.param!.in} \`${loc.param!.name}\``, [...named(), ...generic]);
        const p = deref(this.after.doc, loc.after);
        if (p?.required)
          return judged(
            'unchecked',
            'required parameter added',
            `${loc.param!.in} \`${loc.param!.name}\`: no rule covers it, and the suite's requests lack it`,
          );
        return constrained(this.after.doc, p?.schema)
          ? judged('unchecked', 'parameter added', `${loc.param!.in} \`${loc.param!.name}\` with its constraints`)
          : judged('no check affected', 'optional parameter added', `${loc.param!.in} \`${loc.param!.name}\``);
      }
      case 'parameter.required':
      case 'body.required':
      case 'header.required': {
        const what =
          loc.keyword === 'parameter.required'
            ? `${loc.param!.in} parameter \`${loc.param!.name}\``
            : loc.keyword === 'header.required'
              ? `header ${loc.header}`
              : 'request body';
        const relaxed = loc.before === true && loc.after !== true;
        const rules = loc.keyword === 'header.required' ? named() : [...named(KINDS.required), ...generic];
        const builtIn = loc.keyword === 'header.required' ? ['responseHeadersConformance'] : [];
        if (relaxed) return judged('false-alarm risk', `${loc.keyword.split('.')[0]} no longer required`, what, rules, builtIn);
        const own = named(KINDS.required);
        return own.length
          ? judged('tightened', `${loc.keyword.split('.')[0]} now required`, what, own)
          : judged('unchecked', `${loc.keyword.split('.')[0]} now required`, `${what}: no rule covers it`);
      }
      case 'body':
        return loc.action === 'add'
          ? judged('unchecked', 'request body added', 'no rule covers it')
          : judged('obsolete', 'request body removed', 'checks send a body the new contract does not take', [...named(), ...generic]);
      case 'header': {
        if (loc.side !== 'response') return judged('no check affected', `header ${loc.action}`, String(loc.header));
        const h = deref(loc.action === 'add' ? this.after.doc : this.before.doc, loc.action === 'add' ? loc.after : loc.before);
        if (loc.action === 'add')
          return h?.required
            ? judged('unchecked', 'required response header added', `${loc.status} ${loc.header}`, [], ['responseHeadersConformance'])
            : judged('no check affected', 'optional response header added', `${loc.status} ${loc.header}`);
        if (h?.required)
          return judged(
            'false-alarm risk',
            'required response header removed',
            `${loc.status} ${loc.header}: responseHeadersConformance still requires it`,
            named(),
            ['responseHeadersConformance'],
          );
        const rules = named();
        return rules.length
          ? judged('obsolete', 'response header removed', `${loc.status} ${loc.header}`, rules)
          : judged('no check affected', 'optional response header removed', `${loc.status} ${loc.header}`);
      }
      case 'security': {
        // Judged on the operation's requirements as a whole (alternatives, each a set of schemes).
        const auth = opRules.filter((r) => r.kind === 'auth');
        const [b, a] = [this.security(this.before, loc), this.security(this.after, loc)];
        const text = (alts: string[][]) => alts.map((alt) => alt.join(' + ') || 'none').join(' or ');
        const detail = `${text(b)} -> ${text(a)}`;
        const covers = (x: string[], y: string[]) => y.every((scheme) => x.includes(scheme));
        if (a.length === b.length && a.every((alt) => b.some((o) => covers(o, alt) && covers(alt, o))))
          return judged('no check affected', 'security rewritten', detail);
        // Relaxed when some new alternative asks less than every old one.
        if (a.some((alt) => !b.some((o) => covers(alt, o)))) {
          return auth.length
            ? judged(
                'false-alarm risk',
                'security relaxed',
                `${detail}: auth checks still expect a refusal without a credential the new contract does not require`,
                auth,
              )
            : judged('no check affected', 'security relaxed', detail);
        }
        return auth.length
          ? judged('tightened', 'security tightened', `${detail}: check that the auth rules cover the added credential`, auth)
          : judged('unchecked', 'security tightened', `${detail}: no auth rule covers it`);
      }
      case 'annotation':
        return judged('no check affected', 'annotation', '');
    }
    if (!loc.side) return judged('no check affected', loc.keyword, '');
    // A keyword of a parameter, request body or response schema.
    let dir = direction(loc.keyword, loc.action, loc.before, loc.after);
    // The library lists an enum added or dropped whole as its values: the other side tells.
    if (loc.keyword === 'enum' && typeof loc.path[loc.path.length - 1] === 'number' && dir !== 'change') {
      const other = loc.action === 'add' ? this.before : this.after;
      if (!enumerated(other.doc, trace(other.doc, loc.path.slice(0, -2)).node)) dir = loc.action === 'add' ? 'tighten' : 'relax';
    }
    const { kind, detail } = describe(loc, dir);
    const builtIn = loc.side === 'response' ? ['responseSchemaConformance'] : [];
    const own = named(kindsOf(loc.keyword));
    switch (dir) {
      case 'relax':
      case 'change':
        return judged('false-alarm risk', kind, detail, [...own, ...generic], builtIn);
      case 'tighten':
        return own.length
          ? judged('tightened', kind, detail, own, builtIn)
          : judged('unchecked', kind, `${detail}: no rule covers it`, [], builtIn);
      case 'add':
        return constrained(this.after.doc, loc.after)
          ? judged('unchecked', kind, `${detail}: a new field rule no rule covers`, [], builtIn)
          : judged('no check affected', kind, `${detail}: an optional field without constraints`);
      case 'remove': {
        const rules = named();
        if (rules.length) return judged('obsolete', kind, detail, [...rules, ...generic]);
        // The generated refusals send a request member of the wrong type, out of its bounds, off its
        // pattern: a member the new document drops is still tested by them (excludeEmpInfo, a boolean).
        if (loc.side === 'request' && (constrained(this.before.doc, loc.before) || typed(this.before.doc, loc.before)))
          return judged('obsolete', kind, `${detail}: the generated refusals still test its type and constraints`, generic);
        return judged('no check affected', kind, detail);
      }
      default:
        return own.length && loc.keyword === 'default'
          ? judged('false-alarm risk', kind, detail, own)
          : judged('no check affected', kind, detail);
    }
  }
}
