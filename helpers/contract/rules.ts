// A service's rule catalogue (schemas/<service>/rules.yaml; docs/conventions.md, Rules and their catalogue): each rule's id,
// source, kind, operations and request paths. Specs cite ids through `rules()` (an annotation): a self test lists the suite
// and fails a rule without a check, or a bounded rule checked on one side only.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { SourceClass } from './contract.js';
import { chosenVersion, isBaseVersion, versionFile, SCHEMAS } from './versions.js';

const RULE_KINDS = [
  'limit',
  'range',
  'counter',
  'pattern',
  'enum',
  'format',
  'required',
  'exclusive',
  'status',
  'error',
  'auth',
  'state',
  'paging',
  'filter',
  'masking',
  'echo',
  'value',
  'delivery',
  'transport',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/** Kinds whose rule has a boundary: both its accepting and its refusing side must be checked. */
const BOUNDED_KINDS: readonly RuleKind[] = ['limit', 'range', 'counter'];
type Side = 'accept' | 'refuse';

export interface Rule {
  id: string;
  text: string;
  kind: RuleKind;
  source: SourceClass;
  /** Where the source states it: a seed section, `provider 1.35.0 <schema>`, a reference item. */
  cite: string;
  operations: string[];
  /** Request paths (variants) of the service it applies to; each must be checked. */
  paths?: string[];
  /** Sides to check; bounded kinds always need both. */
  sides?: Side[];
  /**
   * `utc-midnight`: the rule turns on the target's calendar day, so its checks run with the target's clock just before and after
   * a UTC midnight (tests/financial-data/clock.day-boundary.spec.ts generates them from this mark).
   */
  clock?: 'utc-midnight';
  /**
   * The choke point's named checks (helpers/contract/checks.ts) whose violation naming no rule breaks this one
   * (`sensitiveEchoConformance`: the no-echo rule): the client files it here, so the certification names the rule.
   * `dateFormConformance` (checks.ts DATE_FORMS): the service's date rule, taking the part of a body's schema violation about a
   * member of a date format (helpers/client/answer-checks.ts withCatalogueRules).
   */
  judgedBy?: string[];
  /**
   * The request parameters whose meaning the rule states on its operations (GetCustomers' username: an exact match): a property
   * judging such a parameter over every operation (the filter rule, tests/financial-data/properties.filters.spec.ts) files what
   * breaks that stated meaning here, beside its own rule for what it decides itself (a fold).
   */
  parameters?: string[];
  /**
   * The answer members whose value the rule alone states on its operations (a bundle account's institutionName: provider 1.35.0
   * PEBAccountDetails): two of its operations reading one object otherwise on such a member break this rule, not the widest rule
   * naming both readers (fixtures/assertions/financial-data-answer.ts readerRule).
   */
  members?: string[];
}

/**
 * The service's rule that a request every document allows is answered its documented success (`<PREFIX>-VALID-ACCEPTED`, on
 * those statuses' source): what a valid call refused breaks, where a check needed it accepted.
 */
export const validAcceptedRule = (service: string): string | undefined =>
  loadRules(service).rules.find((r) => r.id.endsWith('-VALID-ACCEPTED'))?.id;

/**
 * The service's rule that a refusal marked not recoverable is refused again when the same request is sent again
 * (`<PREFIX>-ERR-RECOVERABLE`: installments' provider 2.0.0 Error.Recoverable), where it names the operation.
 */
export const recoverableRule = (service: string, operationId: string): string | undefined =>
  loadRules(service).rules.find((r) => r.id.endsWith('-ERR-RECOVERABLE') && r.operations.includes(operationId))?.id;

/** The rules a named check's violation breaks in a service, where the catalogue says (Rule.judgedBy). */
export const rulesJudgedBy = (service: string, check: string): string[] =>
  loadRules(service)
    .rules.filter((r) => r.judgedBy?.includes(check))
    .map((r) => r.id);

/** The rules stating what a parameter means on an operation (Rule.parameters), keyed `<operationId> <parameter>`. */
export function parameterRules(service: string): Map<string, Rule> {
  const out = new Map<string, Rule>();
  for (const r of loadRules(service).rules)
    for (const p of r.parameters ?? []) for (const op of r.operations) if (!out.has(`${op} ${p}`)) out.set(`${op} ${p}`, r);
  return out;
}

export interface RuleCatalogue {
  service: string;
  /** Named request paths of the service (e.g. card-number vs receipt enrollment). */
  paths: Record<string, string>;
  rules: Rule[];
}

const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

export const rulesFile = (service: string): string => path.join(SCHEMAS, service, 'rules.yaml');

/**
 * The chosen version's own catalogue (schemas/<service>/versions/<version>/rules.yaml; undefined for the base): its `rules` add
 * to the base's, replacing one of the same id (text, cite, operations); `retires` names base rules the version no longer has.
 */
function versionRulesFile(service: string): string | undefined {
  const version = chosenVersion(service);
  if (isBaseVersion(service, version)) return undefined;
  const file = versionFile(service, 'rules.yaml', version);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * The operations a later version adds to the base rules whose checks iterate every operation (helpers/contract/generic-rules.ts),
 * written by `npm run rules:sync` (schemas/<service>/versions/<version>/generic-rules.yaml); undefined for the base version.
 */
export function versionGenericRulesFile(service: string): string | undefined {
  const version = chosenVersion(service);
  return isBaseVersion(service, version)
    ? undefined
    : path.join(path.dirname(versionFile(service, 'rules.yaml', version)), 'generic-rules.yaml');
}

/** The catalogue's parts: rules.yaml, schemas/<service>/rules/*.yaml in name order (one per resource), the version's (versionRulesFile). */
export function rulesParts(service: string): string[] {
  const folder = path.join(SCHEMAS, service, 'rules');
  const parts = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
        .map((f) => path.join(folder, f))
    : [];
  const version = [versionRulesFile(service), versionGenericRulesFile(service)].filter(
    (f): f is string => f !== undefined && fs.existsSync(f),
  );
  return [rulesFile(service), ...parts, ...version];
}

/**
 * Each catalogue parsed once per process while its parts' sizes and times stay, a copy to each caller: the runner, every worker,
 * the weights, the reporter and self tests read it, and its YAML (about 280 KB) takes a third of a second to parse.
 */
const parsed = new Map<string, { stamp: string; catalogue: RuleCatalogue }>();

function readParts(service: string): RuleCatalogue {
  const files = rulesParts(service);
  const stamp = files
    .map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return `${file}:${stat?.size}:${stat?.mtimeMs}`;
    })
    .join('\n');
  const cached = parsed.get(service);
  if (cached?.stamp === stamp) return structuredClone(cached.catalogue);
  const merged: RuleCatalogue = { service, paths: {}, rules: [] };
  const versionParts = new Set([versionRulesFile(service), versionGenericRulesFile(service)]);
  const parts = parsedYamlFiles(`rules-${service}`, files);
  for (const [i, file] of files.entries()) {
    const part = parts[i] as (Partial<RuleCatalogue> & { retires?: string[]; 'operations-added'?: Record<string, string[]> }) | null;
    if (part?.service) merged.service = part.service;
    Object.assign(merged.paths, part?.paths ?? {});
    if (!versionParts.has(file)) {
      merged.rules.push(...(part?.rules ?? []));
      continue;
    }
    for (const [id, operations] of Object.entries(part?.['operations-added'] ?? {})) {
      const rule = merged.rules.find((r) => r.id === id);
      if (rule) rule.operations = [...rule.operations, ...operations.filter((o) => !rule.operations.includes(o))];
    }
    // The version's part: retired rules out, a rule of a known id in its place, the others added.
    const retired = new Set(part?.retires ?? []);
    merged.rules = merged.rules.filter((r) => !retired.has(r.id));
    for (const rule of part?.rules ?? []) {
      const at = merged.rules.findIndex((r) => r.id === rule.id);
      if (at >= 0) merged.rules[at] = rule;
      else merged.rules.push(rule);
    }
  }
  parsed.set(service, { stamp, catalogue: structuredClone(merged) });
  return merged;
}

// The parsed parts on disk, keyed by the hash of their paths and texts (JSON reads in a tenth of the YAML's time): any
// edit changes the key; node_modules/.cache goes with a fresh install.
const DISK_CACHE = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'contract-suite');

/**
 * Each file's YAML parsed (null for an empty one), from the disk cache when unchanged: one cache file per name (`rules-<service>`,
 * `statements-<service>`) and list of files, older ones of that list removed when it is written.
 */
export function parsedYamlFiles(name: string, files: string[]): unknown[] {
  const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
  const hash = (parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
  const names = files.map((file) => path.relative(SCHEMAS, file));
  const prefix = `${name}-${hash(names)}-`;
  const cacheFile = path.join(DISK_CACHE, `${prefix}${hash(names.flatMap((name, i) => [name, texts[i]]))}.json`);
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  } catch {
    // Not cached yet (or unreadable): parsed, then cached for the next process.
  }
  const parts = texts.map((text) => parse(text) ?? null);
  try {
    fs.mkdirSync(DISK_CACHE, { recursive: true });
    // Written whole then renamed, so a parallel worker never reads half a file.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(parts));
    fs.renameSync(tmp, cacheFile);
    for (const old of fs.readdirSync(DISK_CACHE))
      if (old.startsWith(prefix) && old.endsWith('.json') && path.join(DISK_CACHE, old) !== cacheFile)
        fs.rmSync(path.join(DISK_CACHE, old), { force: true });
  } catch {
    // A read-only tree only loses the cache.
  }
  return parts;
}

/** Reads and validates a catalogue; every problem is one line of the thrown error. */
export function loadRules(service: string): RuleCatalogue {
  const raw = readParts(service);
  const problems: string[] = [];
  const seen = new Set<string>();
  const paths = raw.paths ?? {};
  for (const r of raw.rules ?? []) {
    if (!ID.test(String(r.id))) problems.push(`rule id '${r.id}' is not UPPER-KEBAB`);
    if (seen.has(r.id)) problems.push(`rule id ${r.id} is listed twice`);
    seen.add(r.id);
    if (!RULE_KINDS.includes(r.kind)) problems.push(`${r.id}: kind '${r.kind}' is not one of ${RULE_KINDS.join(', ')}`);
    if (!['seed', 'provider', 'assumption'].includes(r.source))
      problems.push(`${r.id}: source '${r.source}' is not seed, provider or assumption`);
    if (!r.text || !r.cite) problems.push(`${r.id}: needs text and cite`);
    if (!Array.isArray(r.operations) || r.operations.length === 0) problems.push(`${r.id}: names no operation`);
    for (const p of r.paths ?? []) if (!(p in paths)) problems.push(`${r.id}: path '${p}' is not declared under paths`);
    if (r.clock !== undefined && r.clock !== 'utc-midnight') problems.push(`${r.id}: clock '${r.clock}' is not utc-midnight`);
    if (r.parameters !== undefined && (!Array.isArray(r.parameters) || r.parameters.some((p) => typeof p !== 'string' || !p)))
      problems.push(`${r.id}: parameters is not a list of parameter names`);
    if (r.members !== undefined && (!Array.isArray(r.members) || r.members.some((m) => typeof m !== 'string' || !m)))
      problems.push(`${r.id}: members is not a list of member names`);
  }
  if (problems.length) throw new Error(`${service} rule catalogue:\n${problems.join('\n')}`);
  return { service: raw.service ?? service, paths, rules: raw.rules ?? [] };
}

export const sidesOf = (rule: Rule): Side[] => rule.sides ?? (BOUNDED_KINDS.includes(rule.kind) ? ['accept', 'refuse'] : []);

/** A citation of a rule by a check: `ID`, `ID:accept`, `ID:refuse@receipt`, `ID@card`. */
export interface Citation {
  id: string;
  side?: Side;
  path?: string;
}

/** The rule citations of a test (its `rule` annotations, fixtures/base.ts rules()). */
export const citationsOf = (annotations: readonly { type: string; description?: string }[]): string[] =>
  annotations.filter((a) => a.type === 'rule' && a.description).map((a) => a.description!);

/** The rule ids an answer judge's problems name, each message starting with its rule id and a colon. */
export const ruleIdsLeading = (problems: string[]): string[] => [
  // The rule id a problem opens with, after the subject it is about where it names one first (`plan <id>: IN-NOTIFY-CHOSEN: ...`).
  ...new Set(
    problems.map((p) => /^(?:[^:]{0,80}: )?([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):/.exec(p)?.[1]).filter((id): id is string => id !== undefined),
  ),
];

export function parseCitation(text: string): Citation {
  const match = /^([A-Z0-9-]+)(?::(accept|refuse))?(?:@([a-z0-9-]+))?$/.exec(text.trim());
  if (!match) throw new Error(`rule citation '${text}' is not ID[:accept|:refuse][@path]`);
  return { id: match[1], side: match[2] as Side | undefined, path: match[3] };
}

interface CatalogueGap {
  rule: string;
  missing: string;
}

/** What the catalogue asks for and the checks do not give: unchecked rules, sides, paths, unknown ids. */
export function catalogueGaps(catalogue: RuleCatalogue, citations: Citation[]): CatalogueGap[] {
  const gaps: CatalogueGap[] = [];
  const known = new Set(catalogue.rules.map((r) => r.id));
  for (const c of citations)
    if (!known.has(c.id)) gaps.push({ rule: c.id, missing: 'an entry in the catalogue (a check cites an unknown id)' });
  for (const rule of catalogue.rules) {
    const mine = citations.filter((c) => c.id === rule.id);
    if (mine.length === 0) {
      gaps.push({ rule: rule.id, missing: 'any check' });
      continue;
    }
    for (const side of sidesOf(rule))
      if (!mine.some((c) => c.side === side))
        gaps.push({ rule: rule.id, missing: `its ${side === 'accept' ? 'accepting' : 'refusing'} side` });
    for (const p of rule.paths ?? []) if (!mine.some((c) => c.path === p)) gaps.push({ rule: rule.id, missing: `a check on path '${p}'` });
  }
  return gaps;
}

/** The schema keywords whose breach at a member breaks what a rule of each kind states of it. */
const BOUNDS = ['maxItems', 'minItems', 'maxLength', 'minLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'];
export const KEYWORDS_OF_KIND: Partial<Record<RuleKind, string[]>> = {
  limit: [...BOUNDS, 'maxProperties', 'minProperties'],
  range: BOUNDS,
  pattern: ['pattern', 'format'],
  format: ['pattern', 'format', 'type'],
  enum: ['enum', 'const'],
  required: ['required'],
  // A sensitive value answered in clear (checks.ts sensitiveEchoConformance), by the kind it is; a masked member (a last
  // four, a masked number) longer than its schema or off its pattern shows more of the value than the masking states.
  masking: ['echo', 'maxLength', 'pattern'],
};

/**
 * The members a rule's citation names: each item after the document and version (parentheses aside) that is a name or dotted
 * path (`provider 2.0.0, wallets`, `provider 2.0.0 PlanApprovalParameters.rejectReasonCode`: wallets, rejectReasonCode).
 */
export const citedMembers = (cite: string): string[] =>
  cite
    .replace(/\([^()]*\)/g, '')
    .split(/[,;]/)
    .map((item) => item.trim().replace(/^(provider|seed)\s+[\d.]+\s*/i, ''))
    .filter((item) => /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(item))
    .map((item) => item.split('.').pop()!);

/** The name every generated case of a body that is not JSON starts with (helpers/client/negative.ts). */
export const MALFORMED_BODY = 'body: malformed JSON';

/** The keyword a generated negative case breaks, read from its reason (helpers/client/negative.ts: `longer than maxLength 30`). */
function keywordOf(why: string): string | undefined {
  const bound = /\b(exclusiveMaximum|exclusiveMinimum|maxLength|minLength|maxItems|minItems|maximum|minimum)\b/.exec(why);
  if (bound) return bound[1];
  if (/\benum\b/.test(why)) return 'enum';
  if (/\bpattern\b/.test(why)) return 'pattern';
  if (/^not an? /.test(why)) return 'format';
  if (/\brequired\b/.test(why)) return 'required';
  if (/ where an? \w+ is documented/.test(why)) return 'type';
  return undefined;
}

/**
 * The rule that states what a negative case breaks (`body /consumer/firstName: longer than maxLength 30` on putCard): of the
 * operation's rules, the narrowest whose citation or text names the member and whose kind the keyword breaks; undefined where none does.
 */
export function ruleBrokenBy(service: string, operationId: string, caseName: string): string | undefined {
  // A body that is not JSON (negative.ts MALFORMED_BODY): the operation's error rule of such a body (seed 002 Errors, seed 000
  // Errors: a body that is not JSON is a 400), whatever the answer, rather than the generic refusal rule.
  if (caseName.startsWith(MALFORMED_BODY))
    return loadRules(service)
      .rules.filter((r) => r.kind === 'error' && r.operations.includes(operationId) && /\bnot JSON\b/.test(r.text))
      .sort((a, b) => a.operations.length - b.operations.length)[0]?.id;
  const m = /^\w+ (\S+): (.*)$/.exec(caseName);
  const keyword = m && keywordOf(m[2]);
  // A body member sent as a JSON value of another type (`a number where a string is documented`): the rule stating that a typed
  // member takes only its type's own form (seed 000 "Types are strings unless stated", CE-TYPE-FORMS; provider 2.0.0's typed
  // schemas, IN-TYPE-FORMS) states it, not the member's limit or format; where the catalogue has none, the member's own rule.
  if (keyword === 'type' && caseName.startsWith('body ')) {
    const typing = loadRules(service)
      .rules.filter((r) => r.operations.includes(operationId) && /\btakes only its type's own\b/.test(r.text))
      .sort((a, b) => a.operations.length - b.operations.length)[0]?.id;
    if (typing) return typing;
  }
  const at = m?.[1].split('/').filter((k) => k && !/^\d+$/.test(k)) ?? [];
  return m && keyword ? ruleStating(service, operationId, at.at(-1)!, keyword, undefined, undefined, at.join('.')) : undefined;
}

/**
 * The rule stating what a breach of `keyword` at `member` on an operation breaks: of the operation's rules (but those judged by
 * `judgedBy`, the general check that found it), the narrowest whose citation or text names the member and whose kind the
 * keyword breaks (`descriptorName` maxLength on putCard: the seed's response limit, not the answer forms as a whole).
 */
export function ruleStating(
  service: string,
  operationId: string,
  member: string,
  keyword: string,
  judgedBy?: string,
  /** Of an answer's member: the component holding it (checks.ts componentAt), whose form rule is the answer's. */
  holder?: string,
  /** Of a request's member: its dotted path (`consumer.countryCode`); a rule naming it whole comes before one naming another
   * member of the same name (seed 000: PhoneNumber.countryCode, CE-PAT-PHONE, beside Consumer.countryCode, CE-FMT-COUNTRY). */
  path?: string,
): string | undefined {
  const naming = loadRules(service).rules.filter(
    (r) => r.operations.includes(operationId) && !(judgedBy && r.judgedBy?.includes(judgedBy)) && namesMember(r, member),
  );
  const ofKind = (r: Rule) => (KEYWORDS_OF_KIND[r.kind] ?? []).includes(keyword);
  const whole = (r: Rule) => (path?.includes('.') && `${r.cite} ${r.text}`.includes(path) ? 0 : 1);
  const narrowest = (rules: Rule[]) => rules.sort((a, b) => whole(a) - whole(b) || a.operations.length - b.operations.length)[0]?.id;
  // An answer's member: the rule stating its form in the object holding it (seed 000, MaskedCard: panExpirationYear "format YYYY,
  // length 4") states what the answer broke, whichever keyword of its form; a rule of the request's member of the same name
  // (Card's panExpirationYear, its Limits row) does not, so it takes the breach only where the catalogue states no answer's form.
  if (holder) {
    const holding = new RegExp(`\\b${holder}\\b`);
    // A rule of any kind whose citation states this very bound of the member in its holder (provider 2.0.0, `Offer.tenure
    // (minimum 2)`: IN-VAL-OFFER-TENURE, a value rule) states the breach more narrowly than the answer's forms.
    const bound = new RegExp(`\\b${holder}\\.${member}\\s*\\([^)]*\\b${keyword}\\b`);
    const citingBound = naming.filter((r) => bound.test(r.cite));
    const answers = naming.filter((r) => FORM_KINDS.includes(r.kind) && holding.test(`${r.cite} ${r.text}`));
    const stating = narrowest(citingBound) ?? narrowest(answers.filter(ofKind)) ?? narrowest(answers);
    if (stating) return stating;
    // Where the catalogue states the holding object's forms (CE-RESP-FORMS cites MaskedConsumer), a rule naming the member
    // elsewhere only (the request's Consumer.languageCode, CE-FMT-LANGUAGE) states the request's form, not the answer's: only a
    // rule holding the object (a masking rule of its members) takes the breach, else none here and the general rule does.
    if (statesFormsOf(service, holder)) return narrowest(naming.filter((r) => ofKind(r) && holding.test(`${r.cite} ${r.text}`)));
  }
  return narrowest(naming.filter(ofKind));
}

/** The kinds of rule stating a member's form (its pattern, format, length or range): any keyword of the form breaks it. */
const FORM_KINDS: RuleKind[] = ['format', 'pattern', 'limit', 'range'];

/** Whether a rule of the service's catalogue states the forms of a component's members (its citation or text names it). */
export const statesFormsOf = (service: string, component: string): boolean =>
  loadRules(service).rules.some((r) => FORM_KINDS.includes(r.kind) && new RegExp(`\\b${component}\\b`).test(`${r.cite} ${r.text}`));

/** Whether a rule names a member (or a kind of sensitive value) in its citation or its text. */
export const namesMember = (r: Pick<Rule, 'cite' | 'text'>, member: string): boolean =>
  citedMembers(r.cite).includes(member) || new RegExp(`(^|[^\\w])${member}\\b`).test(r.text);
