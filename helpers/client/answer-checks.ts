// The judgement of one answer at the choke point (helpers/client/README.md, one call in order, step 6): the named checks of
// helpers/contract/checks.ts, the client's own (the error shape), the property checkers run on every answer (every-answer/,
// each through its PropertyChecker), then the service's judge. A violation that names no rule is filed under the catalogue's;
// one of assumptions only is noted and the checks go on; the first other one stops them.
import {
  ContractViolation,
  contentTypeConformance,
  declaredBody,
  formatAjvErrors,
  requestHeaderEchoConformance,
  responseBodyAbsence,
  responseBodyPresence,
  responseHeadersConformance,
  responseSchemaConformance,
  sensitiveEchoConformance,
  statusCodeConformance,
  DATE_FORMS,
  type ConflictMet,
  type Exchange,
  type JudgedMember,
} from '../contract/checks.js';
import { answeredConflicts } from '../contract/conflicts.js';
import type { Contract } from '../contract/contract.js';
import { echoedHeaderNames } from '../contract/echoed-headers.js';
import { normalisedEchoConformance } from '../contract/normalised-echo.js';
import { loadRules, namesMember, rulesJudgedBy, ruleStating, validAcceptedRule } from '../contract/rules.js';
import type { ServiceProfile } from '../contract/services.js';
import { failureWeight, ruleWeights } from '../contract/weight.js';
import type { findAnswerEchoes } from '../secrets/sensitive.js';
import { BUILT_URLS } from './every-answer/built-urls.js';
import type { Answered, PropertyChecker } from './every-answer/checker.js';
import { DESCRIBED_STATE } from './every-answer/described-states.js';
import { ERROR_STATUS } from './every-answer/error-status.js';
import { INTERNAL } from './every-answer/internal-error.js';
import { UNAVAILABLE } from './every-answer/retry-after.js';
import { UNIQUE_IDS } from './every-answer/unique-ids.js';
import { countJudgedOnce } from './property-counts.js';

/** The property checkers the client runs on every answer after the error shape (ERROR_STATUS runs inside it, on a shaped body). */
const ON_EVERY_ANSWER: readonly PropertyChecker<Answered>[] = [DESCRIBED_STATE, BUILT_URLS, UNIQUE_IDS];

/** What one answer is judged with. */
export interface Judging extends Answered {
  profile: ServiceProfile;
  /** The sensitive values the suite sent that came back (helpers/secrets/sensitive.ts). */
  echoes: ReturnType<typeof findAnswerEchoes>;
  /** The request headers as sent. */
  sentHeaders: Record<string, string>;
  /** A call the check expects refused, answered with a success: judged only for a sensitive value in clear (CallOptions.negative). */
  acceptedNegative: boolean;
  /** The rule the call is sent to judge (CallOptions.judges): a violation naming no rule is filed under it. */
  judges?: string;
  /** A call its check sends as valid (valid-calls.ts sentAsValid): an undocumented status is its failed step (validStatusUnder). */
  sentValid?: boolean;
  noteConflictMet: (met: ConflictMet) => void;
  /** The service's judge of the answer against its request (ClientDeps.judge), where its fixture gives one. */
  judge?: () => void;
  /** The service's read-back of members found off their form (ClientDeps.readBack): a violation of the echo rule, else undefined. */
  readBack?: (members: readonly string[]) => unknown;
}

/** Runs every judgement in order: the violation that stops them (undefined: none), and the assumptions' ones noted on the way. */
export function judgeExchange(j: Judging): { violation: unknown; assumed: ContractViolation[] } {
  const { contract, exchange, testInfo } = j;
  const judgements: (() => void)[] = j.acceptedNegative
    ? [
        () => sensitiveEchoConformance(exchange, j.echoes),
        // The service's judge still learns what the accepted call did (a decision made, a list changed, a profile added), so that
        // later answers are judged against the target as it now is; its findings on this answer are the check's own to make.
        () => {
          try {
            j.judge?.();
          } catch {
            // judged by the check that expected the refusal
          }
        },
      ]
    : [
        () => sensitiveEchoConformance(exchange, j.echoes),
        () => statusCodeConformance(exchange),
        () => contentTypeConformance(exchange),
        () => responseBodyPresence(exchange),
        () => responseBodyAbsence(exchange),
        // Before the answer's schema and declared headers: an unavailability's error body or Retry-After off its form is the rule
        // stating that answer broken (every-answer/retry-after.ts), not the answer forms as a whole.
        () => runChecker(UNAVAILABLE, j),
        // A 500's error body off its form: the rule stating the internal failure's body (every-answer/internal-error.ts).
        () => runChecker(INTERNAL, j),
        () => {
          for (const met of responseSchemaConformance(contract, exchange)) j.noteConflictMet(met);
        },
        () => responseHeadersConformance(contract, exchange),
        () => requestHeaderEchoConformance(exchange, j.sentHeaders, echoedHeaderNames(contract)),
        () => normalisedEchoConformance(exchange, testInfo),
        () => errorShapeConformance(j, j.profile),
        ...ON_EVERY_ANSWER.map((checker) => () => runChecker(checker, j)),
        () => j.judge?.(),
      ];
  let violation: unknown;
  const assumed: ContractViolation[] = [];
  for (const judgement of judgements) {
    try {
      judgement();
    } catch (error) {
      const [hard, ...alongside] = bySource(
        readBackFirst(
          judgedUnder(
            validStatusUnder(withCatalogueRules(asErrorShape(error, exchange), exchange), exchange, j.sentValid),
            exchange,
            j.judges,
          ),
          j.readBack,
        ),
        contract,
      );
      assumed.push(...alongside);
      if (hard !== undefined && !(testInfo && isAssumed(hard, contract))) {
        violation = hard;
        break;
      }
      if (hard) assumed.push(hard as ContractViolation);
    }
  }
  return { violation, assumed };
}

/** A property checker run on one answer: counted once per check and operation (countJudgedOnce), its problems one violation citing its rule. */
export function runChecker<In extends Answered>(checker: PropertyChecker<In>, input: In): void {
  if (!checker.applies(input)) return;
  const { operation, status } = input.exchange;
  const verdict = checker.judge(input);
  countJudgedOnce(input.testInfo, checker, operation, verdict);
  if (verdict.problems.length)
    throw new ContractViolation(
      checker.check,
      `${operation.operationId} ${status}: Received ${checker.received}: ${verdict.problems.join('; ')} / Documented: ${checker.documented}`,
      input.exchange,
      [narrowerJudgedBy(operation, checker.check) ?? checker.rules[operation.service]].filter((r): r is string => r !== undefined),
    );
}

/**
 * The rule of fewer operations stating what a checker judges on this one (its catalogue entry lists the check in `judgedBy`:
 * the webhook subscriptions' ReasonCode of each case beside the error-status property of every operation): its violation is
 * filed there, the narrowest statement of what was received.
 */
function narrowerJudgedBy(operation: Exchange['operation'], check: string): string | undefined {
  const ids = rulesJudgedBy(operation.service, check);
  return loadRules(operation.service)
    .rules.filter((r) => ids.includes(r.id) && r.operations.includes(operation.operationId))
    .sort((a, b) => a.operations.length - b.operations.length)[0]?.id;
}

/**
 * An error body off its schema (an item's Recoverable as text: provider installments 2.0.0 ErrorWrapper), where the catalogue
 * names a rule judging the error shape on that operation (its `judgedBy` lists errorShapeConformance: IN-ERR-SHAPE): the error
 * shape check's finding, filed under that rule, not the answer forms as a whole; elsewhere the schema check's, as it was.
 */
function asErrorShape(error: unknown, exchange: Exchange): unknown {
  if (!(error instanceof ContractViolation) || error.rules.length || error.check !== 'responseSchemaConformance' || exchange.status < 400)
    return error;
  const { service, operationId } = exchange.operation;
  const ids = rulesJudgedBy(service, 'errorShapeConformance');
  if (!loadRules(service).rules.some((r) => ids.includes(r.id) && r.operations.includes(operationId))) return error;
  return new ContractViolation('errorShapeConformance', error.message.replace(/^\[[^\]]+\] /, ''), exchange, [], error.site?.members);
}

/** Error bodies (4xx/5xx) must have the service's error shape; tolerated shapes only warn; a shaped one states its status (ERROR_STATUS). */
function errorShapeConformance(answered: Answered, profile: ServiceProfile): void {
  const { contract, exchange, testInfo } = answered;
  if (exchange.status < 400 || !exchange.text) return;
  // A documented non-JSON error body (the provider's text/plain 401) has no error shape.
  const declared = declaredBody(exchange);
  if (declared && !declared.json) return;
  // An operation declaring its own error schema for the status (micro-entry verification's {status, statusDescription}) is held to it.
  const own = String(declared?.schema?.$ref ?? '')
    .split('/')
    .pop();
  const shaped = (body: unknown) =>
    profile.errorSchemas.some((name) => contract.component(name)(body)) ||
    Boolean(own && !profile.errorSchemas.includes(own) && contract.component(own)(body));
  const schemas = [
    ...new Set([...profile.errorSchemas, ...(own ? [own] : []), ...(profile.toleratedErrorSchemas ?? []).map((t) => t.name)]),
  ];
  if (shaped(exchange.body)) return runChecker(ERROR_STATUS, { ...answered, schemas });
  // An error body that differs only where a conflict or known provider deviation says (noted by the schema check).
  if (answeredConflicts(exchange.operation.service, exchange.operation.operationId, exchange.body, shaped))
    return runChecker(ERROR_STATUS, { ...answered, schemas });
  const tolerated = profile.toleratedErrorSchemas?.find((t) => contract.component(t.name)(exchange.body));
  if (tolerated) {
    testInfo?.annotations.push({
      type: 'warning',
      description: `${exchange.operation.operationId} ${exchange.status}: ${tolerated.note}`,
    });
    return runChecker(ERROR_STATUS, { ...answered, schemas });
  }
  const first = contract.component(profile.errorSchemas[0]);
  first(exchange.body);
  throw new ContractViolation(
    'errorShapeConformance',
    `${exchange.operation.operationId} ${exchange.status}: Received an error body that is not ${profile.errorSchemas.join(' or ')}: ${formatAjvErrors(first.errors)}`,
    exchange,
  );
}

/**
 * A named check's violation that names no rule, filed under the rule stating what it received: where every member it found
 * off form is one a narrower rule of the operation cites by a keyword of its kind (`descriptorName` past maxLength: the
 * seed's response limit), those rules; else the rule the catalogue says the check judges (rules.yaml `judgedBy`).
 */
export function withCatalogueRules(error: unknown, exchange: Exchange): unknown {
  if (!(error instanceof ContractViolation) || error.rules.length) return error;
  const { service, operationId } = exchange.operation;
  const found = error.site?.members ?? [];
  // A member of a date form off it (seed 000 MaskedCard.dateOfCardCreated "UTC datetime" answered +01:00; a provider's date-time
  // without its zone): the service's date rule's judgement on every answer (its catalogue entry lists DATE_FORMS in `judgedBy`),
  // the one listing this operation first, with the value rule citing the member in the object holding it (the instant it dates:
  // CE-VAL-CREATED, `MaskedCard (dateOfCardCreated ...)`); every other member as below.
  const operationRules = loadRules(service).rules.filter((r) => r.operations.includes(operationId));
  const dateRules = rulesJudgedBy(service, DATE_FORMS);
  const dateRule = dateRules.find((id) => operationRules.some((r) => r.id === id)) ?? dateRules[0];
  const dated = dateRule ? found.filter((m) => m.dated !== undefined) : [];
  const members = found.filter((m) => !dated.includes(m));
  const others = members.length || !dated.length ? judgedByCatalogue(error, exchange, members) : [];
  const instants = dated.flatMap((m) => operationRules.filter((r) => r.kind === 'value' && citesInHolder(r.cite, m)).map((r) => r.id));
  const judged = [...new Set([...(dated.length ? [dateRule!] : []), ...instants, ...others])];
  return judged.length
    ? new ContractViolation(error.check, error.message.replace(/^\[[^\]]+\] /, ''), exchange, judged, error.site?.members)
    : error;
}

/** Whether a citation names an answer's member in the object holding it: `MaskedCard.dateOfCardCreated`, or `MaskedCard (dateOfCardCreated ...)`. */
const citesInHolder = (cite: string, m: JudgedMember): boolean =>
  m.in !== undefined && new RegExp(`\\b${m.in}(\\.${m.member}\\b|\\s*\\(\\s*${m.member}\\b)`).test(cite);

/** The rules a named check's violation naming no rule breaks, by the members it found off form (withCatalogueRules). */
function judgedByCatalogue(error: ContractViolation, exchange: Exchange, members: JudgedMember[]): string[] {
  const { service, operationId } = exchange.operation;
  // The rules the catalogue says the check judges, those naming this operation: a rule of one operation (a created plan's 201,
  // savePlan) takes the check's breach there and nowhere else.
  const judging = rulesJudgedBy(service, error.check);
  const generalRules = loadRules(service).rules.filter((r) => judging.includes(r.id) && r.operations.includes(operationId));
  const general = generalRules.map((r) => r.id);
  // A narrower rule of a weaker source (a reference page's decision beside the provider's schema) does not take the breach.
  const { source } = ruleWeights(service);
  const assumed = (id: string | undefined) => id !== undefined && source.get(id) === 'assumption';
  // A member the general rule names itself (a PAN in the card no-echo rule's text) stays under it unless a rule of fewer
  // operations states it (the micro entries' account number beside the no-echo rule of every operation).
  const width = Math.min(...generalRules.map((r) => r.operations.length));
  const stating = members.map((m) => {
    const id = ruleStating(service, operationId, m.member, m.keyword, error.check, m.in);
    const named = generalRules.some((r) => namesMember(r, m.member));
    return id && named && (loadRules(service).rules.find((r) => r.id === id)?.operations.length ?? width) >= width ? undefined : id;
  });
  const narrower = stating.every((r) => r !== undefined && (!assumed(r) || general.every(assumed)));
  return members.length && narrower ? [...new Set(stating as string[])] : general;
}

/**
 * An answer's members off their form that a writer was sent and the answer reads otherwise (a consumer's birthday.year answered
 * 89 where CreateConsumer was sent 1989): one cause, the member not read back as written, filed under the rule stating the
 * read-back (seed 002, Resources - Consumer: FD-CONS-READ), not the answer forms as a whole. Where the service's read-back finds
 * no member of those sent read otherwise (a member no write sent, or one read as sent), the form violation stands.
 */
function readBackFirst(error: unknown, readBack: Judging['readBack']): unknown {
  if (!readBack || !(error instanceof ContractViolation) || error.check !== 'responseSchemaConformance') return error;
  const members = [...new Set((error.site?.members ?? []).map((m) => m.member))];
  if (!members.length) return error;
  const echoed = readBack(members);
  return echoed instanceof ContractViolation ? echoed : error;
}

/**
 * A call accepted with a success its operation does not document (seed 000 POST /cards answers an accepted enrollment 200 and
 * documents no 201), or a valid call answered any undocumented status but a 5xx, where no narrower rule of the operation states
 * the status (withCatalogueRules: a created plan's 201, IN-STATUS-PLAN-CREATED): the documented success broken, filed under the
 * service's valid-accepted rule as a refused valid call is (valid-calls.ts noteIfStepFailed), not under the rule the check judges
 * next. A call expected refused never gets here (acceptedNegative); a 5xx stays the internal-failure rules' and the judged rule's.
 */
function validStatusUnder(error: unknown, exchange: Exchange, sentValid: boolean | undefined): unknown {
  if (!(error instanceof ContractViolation) || error.rules.length) return error;
  const accepted = exchange.status >= 200 && exchange.status < 300;
  // A success in a media type its response does not declare (seed 000: "All bodies are JSON", POST /cards 200 an
  // EnrollCardResponse), judged before anything reads its members (contentTypeConformance runs first): the documented success
  // broken, as an undocumented status is, where no rule of the catalogue judges the media type (withCatalogueRules: IN-RESP-FORMS).
  if (error.check === 'contentTypeConformance' ? !accepted : error.check !== 'statusCodeConformance') return error;
  if (!accepted && (!sentValid || exchange.status >= 500)) return error;
  const { service, operationId } = exchange.operation;
  const rule = validAcceptedRule(service);
  if (!rule || !loadRules(service).rules.some((r) => r.id === rule && r.operations.includes(operationId))) return error;
  return new ContractViolation(error.check, error.message.replace(/^\[[^\]]+\] /, ''), exchange, [rule], error.site?.members);
}

/** A violation naming no rule, on a call sent to judge one (CallOptions.judges): filed under that rule. */
function judgedUnder(error: unknown, exchange: Exchange, rule: string | undefined): unknown {
  if (!rule || !(error instanceof ContractViolation) || error.rules.length) return error;
  return new ContractViolation(error.check, error.message.replace(/^\[[^\]]+\] /, ''), exchange, [rule], error.site?.members);
}

/** Whether a violation weighs as an assumption's only (a reference page's decision, not blocking: CONDITIONAL at worst). */
function isAssumed(v: unknown, contract: Contract): v is ContractViolation {
  return (
    v instanceof ContractViolation &&
    v.rules.length > 0 &&
    v.site !== undefined &&
    failureWeight(contract.service, contract.defaultSource, [...v.rules], v.check) === 'conditional'
  );
}

/**
 * A judge's violation naming rules of several sources (fixtures' failJudged: one problem a rule) as two: the seed and provider
 * part first (undefined when none), then the assumptions' part, which never stops the others (noteAssumed).
 */
function bySource(error: unknown, contract: Contract): [unknown, ...ContractViolation[]] {
  if (!(error instanceof ContractViolation) || !error.parts) return [error];
  const { source } = ruleWeights(contract.service);
  const assumedPart = error.parts.filter((p) => p.rule !== undefined && source.get(p.rule) === 'assumption');
  if (assumedPart.length === 0 || assumedPart.length === error.parts.length) return [error];
  const rest = error.parts.filter((p) => !assumedPart.includes(p));
  const subject = error.subject ?? '';
  const part = (ps: typeof rest) =>
    new ContractViolation(error.check, `${subject}${ps.map((p) => p.text).join('; ')}`, error.at, [
      ...new Set(ps.flatMap((p) => (p.rule ? [p.rule] : []))),
    ]);
  return [part(rest), part(assumedPart)];
}
