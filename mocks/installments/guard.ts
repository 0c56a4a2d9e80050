// What every installments operation checks before its business rule, in the order a gateway
// would (a body's media type is judged before, as it is read: mocks/kit/body.ts): OAuth 1.0a
// signature and body hash (401), the consumer key's rights (403), Accept (406), query and header parameters, the JSON body against the
// contract, and the card data: a root JWE `encryptedValue`, decrypted and checked against its plaintext
// schema (provider 2.0.0 `sensitiveData`, refused in clear, as a plan's merchant name is).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation, Parameter } from '../../helpers/contract/contract.js';
import type { InstallmentsOperationId } from '../../helpers/contract/operations.js';
import { parameterDefault, parameterRange } from '../../helpers/contract/facts.js';
import { wireValue } from '../../helpers/contract/wire-forms.js';
import { verifyRequest } from '../../helpers/auth/oauth1.js';
import { parseJson } from '../kit/app.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { violations } from '../kit/validation.js';
import { documentedRefusal, invalidRequest, sendError, sendErrors } from './errors.js';
import { decryptJson, type InstallmentsKeys } from './keys.js';
import { callerKey, type InstallmentsState } from './state.js';

// provider 2.0.0: which `sensitiveData` schema each operation's encryptedValue decrypts to.
const PLAINTEXT: Record<string, string> = {
  registerPans: 'PanListSensitiveData',
  deregisterPans: 'PanListSensitiveData',
  approvedOffers: 'OffersSensitiveData',
  savePlan: 'PlanSensitiveData',
  notifyPlan: 'NotificationSensitiveData',
};

export interface Guarded {
  body: any;
  plain?: any;
  query: URLSearchParams;
  consumerKey: string;
  /** The page size without a `limit` (the default of the operation's limit parameter), for page(). */
  defaultLimit?: number;
}

export type Guard = (req: FastifyRequest, reply: FastifyReply, operationId: InstallmentsOperationId) => Promise<Guarded | undefined>;

function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => ['application/json', 'application/*', '*/*'].includes(part.split(';')[0].trim().toLowerCase()));
}

/** What the guard reads of an operation in the contract. */
interface OperationShape {
  op: Operation;
  /** The page size without a `limit`, when the operation pages (the contract's limit parameter). */
  paging: { defaultLimit?: number };
  limitMax: number;
  /** The query and header parameters, each with its validator (compiled with the shape, when the mock starts). */
  inputs: { param: Parameter; validate: ValidateFunction }[];
}

function operationShape(contract: Contract, operationId: InstallmentsOperationId): OperationShape {
  const op = contract.operation(operationId);
  // The operation's page bounds, when it pages (the contract's limit parameter).
  const limitParam = op.parameters.find((p) => p.name === 'limit');
  return {
    op,
    paging: limitParam ? { defaultLimit: Number(parameterDefault(contract, operationId, 'limit')) } : {},
    limitMax: limitParam ? parameterRange(contract, operationId, 'limit').max! : Infinity,
    inputs: op.parameters
      .filter((p) => p.in === 'query' || p.in === 'header')
      .map((param) => ({ param, validate: contract.validator(`param:${operationId}:${param.name}`, param.schema) })),
  };
}

export function createGuard(
  ctx: MockContext<InstallmentsFaultId>,
  contract: Contract,
  world: InstallmentsState,
  keys: InstallmentsKeys,
): Guard {
  const { faults, clock } = ctx;
  // blind-consumer-key-prefix: a consumer key matched on its first 12 characters only.
  const sameKey = (k: InstallmentsState['keys'][number], key: string) =>
    faults.has('blind-consumer-key-prefix')
      ? key.slice(0, 12) === k.consumerKey.slice(0, 12)
      : faults.has('oauth-consumer-key-case-insensitive')
        ? k.consumerKey.toLowerCase() === key.toLowerCase()
        : k.consumerKey === key;
  // What the guard reads of each operation in the contract, looked up once when the mock starts, not
  // on every request nor at an operation's first request (code run only then would be counted to
  // whichever test came first by the sampled mutants' coverage, docs/mutation.md).
  const shapes = new Map<InstallmentsOperationId, OperationShape>();
  for (const operationId of contract.operations.keys() as Iterable<InstallmentsOperationId>)
    shapes.set(operationId, operationShape(contract, operationId));
  const shapeOf = (operationId: InstallmentsOperationId): OperationShape => shapes.get(operationId)!;
  // The seeded faults of the header's form (reference, Transport and auth; RFC 5849 section 3.5.1):
  // a scheme word before the credentials skipped, a repeated parameter taken at its first value.
  const laxAuthorization = (header: string | undefined): string | undefined => {
    if (!header) return header;
    let lax = header;
    if (faults.has('oauth-scheme-word-ignored')) lax = lax.replace(/^(Bearer|Basic)\s+/i, '');
    if (faults.has('oauth-repeated-parameter-first-taken') && /^OAuth\s/i.test(lax)) {
      const seen = new Set<string>();
      const kept = [...lax.matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)].filter((m) => !seen.has(m[1]) && Boolean(seen.add(m[1])));
      lax = `OAuth ${kept.map((m) => m[0]).join(',')}`;
    }
    return lax;
  };
  return async (req, reply, operationId) => {
    const { op, paging, limitMax, inputs } = shapeOf(operationId);
    // seeded-refusal-correlation-regenerated: the guard's refusals of approvedOffers (401, 403, 406)
    // answer a Correlation-Id of their own instead of the caller's.
    const refuse = (status: number, code: string, message: string) => {
      if (operationId === 'approvedOffers' && faults.has('seeded-refusal-correlation-regenerated'))
        reply.header('Correlation-Id', randomUUID());
      return sendError(reply, faults, status, code, message);
    };
    // A member the contract refuses, answered as the provider's error example for it where one is given.
    const invalid = (found: ReturnType<typeof violations>, sent?: unknown) => {
      const documented = documentedRefusal(operationId, found, sent);
      return documented ? sendError(reply, faults, 400, ...documented) : invalidRequest(reply, faults, found);
    };
    const raw = typeof req.body === 'string' ? req.body : undefined;
    const verdict = verifyRequest(
      {
        method: req.method,
        url: `http://${req.headers.host}${req.url}`,
        authorization: laxAuthorization(req.headers.authorization),
        body: raw,
      },
      (key) => world.keys.find((k) => sameKey(k, key))?.publicKey,
      { bodyHash: !faults.has('body-hash-unchecked'), signature: !faults.has('bad-signature-accepted') },
    );
    // rt-approval-signature-query-unsigned: planApproval also takes a signature computed over its URL without the query.
    const unsignedQuery =
      !verdict.ok &&
      ((operationId === 'planApproval' && faults.has('rt-approval-signature-query-unsigned')) ||
        // i36-inst-issuer-signature-query-unsigned: the issuer endpoint also takes a signature over its URL without the query.
        (operationId === 'notifyPlan' && faults.has('i36-inst-issuer-signature-query-unsigned'))) &&
      req.url.includes('?')
        ? verifyRequest(
            {
              method: req.method,
              url: `http://${req.headers.host}${req.url.split('?')[0]}`,
              authorization: laxAuthorization(req.headers.authorization),
              body: raw,
            },
            (key) => world.keys.find((k) => sameKey(k, key))?.publicKey,
            { bodyHash: true, signature: true },
          )
        : undefined;
    let consumerKey = world.keys[0].consumerKey;
    if (unsignedQuery?.ok) consumerKey = unsignedQuery.consumerKey;
    else if (verdict.ok) consumerKey = verdict.consumerKey;
    else if (
      !(verdict.reason === 'missing' && faults.has('unsigned-accepted')) &&
      !(verdict.reason === 'unknown-key' && faults.has('unknown-key-accepted'))
    ) {
      // i33-inst-issuer-unsigned-403: the issuer endpoint answers an unsigned notification 403, not 401.
      if (faults.has('i33-inst-issuer-unsigned-403') && operationId === 'notifyPlan' && verdict.reason === 'missing')
        return void refuse(403, 'FORBIDDEN', 'The caller may not notify this issuer.');
      return void refuse(401, 'UNAUTHORIZED', `OAuth signature rejected (${verdict.reason}).`);
    }
    const allowed = world.keys.find((k) => sameKey(k, consumerKey))!.operations;
    const forbiddenUnchecked =
      (faults.has('blind-deregister-forbidden-unchecked') && operationId === 'deregisterPans') ||
      // i35-inst-forbidden-key-gets-offers: the offers operation skips the key's rights check.
      (faults.has('i35-inst-forbidden-key-gets-offers') && operationId === 'approvedOffers') ||
      // i4-forbidden-key-reads-plan: getPlan misses from the key's rights check.
      (faults.has('i4-forbidden-key-reads-plan') && operationId === 'getPlan') ||
      // i14-forbidden-key-reads-approval-status: the approval status read skips the operation check.
      (faults.has('i14-forbidden-key-reads-approval-status') && operationId === 'getPlanApprovalStatus') ||
      // i16-forbidden-key-searches-mids: the MID search skips the operation check.
      (faults.has('i16-forbidden-key-searches-mids') && operationId === 'postMerchantMidSearches') ||
      // i32-inst-issuer-forbidden-key-accepted: the issuer's notification endpoint skips the operation check.
      (faults.has('i32-inst-issuer-forbidden-key-accepted') && operationId === 'notifyPlan') ||
      // rt2-forbidden-key-registers-pans: the PAN registration skips the operation check.
      (faults.has('rt2-forbidden-key-registers-pans') && operationId === 'registerPans') ||
      // rt2-forbidden-key-selects-plan: the plan selection skips the operation check.
      (faults.has('rt2-forbidden-key-selects-plan') && operationId === 'savePlan') ||
      // i21-forbidden-key-reads-participations: the participations reader skips the operation check.
      (faults.has('i21-forbidden-key-reads-participations') && operationId === 'getMerchantParticipations') ||
      // i22-forbidden-key-approves-plan: the plan approval skips the operation check.
      (faults.has('i22-forbidden-key-approves-plan') && operationId === 'planApproval') ||
      // i26-forbidden-key-searches-merchants: the merchant search skips the operation check.
      (faults.has('i26-forbidden-key-searches-merchants') && operationId === 'postMerchantSearches') ||
      // seeded-prop-forbidden-key-search-lowercase-country: a search by a country not all in capitals skips the operation check.
      (faults.has('seeded-prop-forbidden-key-search-lowercase-country') &&
        operationId === 'postMerchantSearches' &&
        /"countryCode":"(?![A-Z]{3}")[A-Za-z]{3}"/.test(raw ?? '')) ||
      // i33-inst-forbidden-key-searches-mids: the MID search skips the operation check.
      (faults.has('i33-inst-forbidden-key-searches-mids') && operationId === 'postMerchantMidSearches') ||
      // i36-inst-forbidden-key-submits-participations: the participation submission skips the key's rights check.
      (faults.has('i36-inst-forbidden-key-submits-participations') && operationId === 'postMerchantParticipations') ||
      // i37-inst-forbidden-key-reads-approval-status: the approval status read skips the key's rights check.
      (faults.has('i37-inst-forbidden-key-reads-approval-status') && operationId === 'getPlanApprovalStatus');
    if (allowed !== '*' && !allowed.includes(operationId) && !faults.has('forbidden-never-given') && !forbiddenUnchecked) {
      // i28-inst-approval-status-forbidden-401: the approval status read answers a key without the right 401, not 403.
      // i30-inst-getplan-forbidden-404: the plan reader answers a key without the right 404 (plan hidden), not 403.
      if (faults.has('i30-inst-getplan-forbidden-404') && operationId === 'getPlan')
        return void refuse(404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.');
      // i38-inst-issuer-forbidden-key-401: the issuer endpoint answers a signed caller without the right 401, not 403.
      if (faults.has('i38-inst-issuer-forbidden-key-401') && operationId === 'notifyPlan')
        return void refuse(401, 'UNAUTHORIZED', 'The caller could not be authenticated.');
      if (faults.has('i28-inst-approval-status-forbidden-401') && operationId === 'getPlanApprovalStatus')
        return void refuse(401, 'UNAUTHORIZED', `The consumer key may not call ${operationId}.`);
      return void refuse(403, 'FORBIDDEN', `The consumer key may not call ${operationId}.`);
    }
    // i13-approval-status-accept-unchecked: the approval status reader answers JSON whatever the Accept.
    // i16-participations-read-accept-unchecked: the participations reader answers JSON whatever the Accept.
    const acceptUnchecked =
      (faults.has('i13-approval-status-accept-unchecked') && operationId === 'getPlanApprovalStatus') ||
      (faults.has('i16-participations-read-accept-unchecked') && operationId === 'getMerchantParticipations');
    // rt-search-accept-first-type-only: the merchant search reads only the first media type of Accept.
    const firstTypeOnly =
      faults.has('rt-search-accept-first-type-only') &&
      operationId === 'postMerchantSearches' &&
      !acceptsJson(req.headers.accept?.split(',')[0]);
    // i28-inst-mid-search-accept-parameters-refused: the MID search compares Accept with its parameters (application/json;charset=utf-8 refused).
    // i36-inst-approval-status-accept-wildcard-406: the approval status read takes only a type naming JSON, not */*.
    const wildcardRefused =
      faults.has('i36-inst-approval-status-accept-wildcard-406') &&
      operationId === 'getPlanApprovalStatus' &&
      (req.headers.accept ?? '').split(',').every((part) => part.split(';')[0].trim() === '*/*');
    const acceptWithParameters =
      faults.has('i28-inst-mid-search-accept-parameters-refused') &&
      operationId === 'postMerchantMidSearches' &&
      (req.headers.accept ?? '').includes(';');
    // i37-inst-approval-accept-highest-quality-only: the approval reads only the media type of Accept with the highest q value.
    const highestOnly =
      faults.has('i37-inst-approval-accept-highest-quality-only') &&
      operationId === 'planApproval' &&
      !acceptsJson(
        (req.headers.accept ?? '')
          .split(',')
          .map((part) => ({ part, q: Number(/;\s*q=([0-9.]+)/.exec(part)?.[1] ?? 1) }))
          .sort((a, b) => b.q - a.q)[0]?.part,
      );
    if (
      op.responses['406'] &&
      (!acceptsJson(req.headers.accept) || firstTypeOnly || acceptWithParameters || wildcardRefused || highestOnly) &&
      !faults.has('not-acceptable-ignored') &&
      !acceptUnchecked
    ) {
      return void refuse(406, 'NOT_ACCEPTABLE', 'Only application/json can be produced.');
    }
    // A body of a type its operation does not take never gets here (mocks/kit/body.ts: approvedOffers' 415).
    // rt-offers-json-charset-refused: the media type compared with its parameters (application/json; charset=utf-8 refused).
    if (op.responses['415'] && raw && faults.has('rt-offers-json-charset-refused') && (req.headers['content-type'] ?? '').includes(';'))
      return void refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be application/json.');

    const query = new URL(req.url, 'http://mock').searchParams;
    for (const { param: p, validate } of inputs) {
      let value = p.in === 'query' ? (query.get(p.name) ?? undefined) : (req.headers[p.name.toLowerCase()] as string | undefined);
      // rt-issuer-correlation-id-from-query: without the header, the issuer endpoint takes a Correlation-Id query parameter.
      if (
        value === undefined &&
        p.name === 'Correlation-Id' &&
        operationId === 'notifyPlan' &&
        faults.has('rt-issuer-correlation-id-from-query')
      )
        value = query.get('Correlation-Id') ?? query.get('correlation-id') ?? undefined;
      if (value === undefined) {
        // The issuer's 400 for a notification without Correlation-Id (reference, header `Correlation-Id*`).
        if (p.required && !(p.name === 'Correlation-Id' && faults.has('issuer-missing-correlation-accepted')))
          return void invalidRequest(reply, faults, [{ field: p.name, keyword: 'required', message: `${p.name} is required` }]);
        continue;
      }
      if (p.name === 'limit' && faults.has('limit-over-500-accepted') && Number(value) > limitMax) continue;
      if (p.name === 'offset' && faults.has('offset-unchecked')) continue;
      // i17-plan-correlation-braces-stripped: savePlan takes a UUID Correlation-Id written in braces, judged without them.
      if (
        p.name === 'Correlation-Id' &&
        operationId === 'savePlan' &&
        faults.has('i17-plan-correlation-braces-stripped') &&
        /^\{.*\}$/.test(value)
      )
        value = value.slice(1, -1);
      // seeded-issuer-correlation-hyphens-dropped: notifyPlan takes a UUID Correlation-Id written without its hyphens.
      if (
        p.name === 'Correlation-Id' &&
        operationId === 'notifyPlan' &&
        faults.has('seeded-issuer-correlation-hyphens-dropped') &&
        /^[0-9a-f]{32}$/i.test(value)
      )
        value = value.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      // i12-plan-correlation-non-uuid-accepted: savePlan takes any Correlation-Id.
      if (p.name === 'Correlation-Id' && operationId === 'savePlan' && faults.has('i12-plan-correlation-non-uuid-accepted')) continue;
      // i14-approval-sync-case-folded: the sync flag of planApproval judged without its case (TRUE taken as a boolean).
      if (
        p.name === 'sync' &&
        operationId === 'planApproval' &&
        faults.has('i14-approval-sync-case-folded') &&
        /^(true|false)$/i.test(value)
      )
        continue;
      // seeded-approval-sync-false-case-folded: planApproval's sync=false judged without its case (FALSE taken as the asynchronous mode).
      if (
        p.name === 'sync' &&
        operationId === 'planApproval' &&
        faults.has('seeded-approval-sync-false-case-folded') &&
        /^false$/i.test(value)
      )
        continue;
      // i12-mid-search-limit-500-refused: the MID search reads limit's maximum as exclusive.
      if (
        p.name === 'limit' &&
        operationId === 'postMerchantMidSearches' &&
        faults.has('i12-mid-search-limit-500-refused') &&
        Number(value) === limitMax
      )
        return void invalidRequest(reply, faults, [{ field: 'limit', keyword: 'maximum', message: `limit must be < ${limitMax}` }]);
      if (p.name === 'limit' && faults.has('blind-limit-500-rejected') && Number(value) >= limitMax) {
        return void invalidRequest(reply, faults, [{ field: 'limit', keyword: 'maximum', message: `limit must be <= ${limitMax - 1}` }]);
      }
      const typed = wireValue(p.schema, value);
      if (!validate(typed)) return void invalid(violations(validate.errors, p.name));
    }

    if (!op.requestBody) return { body: undefined, query, consumerKey, ...paging };
    const parsed = parseJson(raw);
    if (parsed instanceof SyntaxError || parsed === undefined) {
      if (faults.has('bad-json-crashes') && parsed instanceof SyntaxError)
        return void reply.code(500).send({ message: 'Unexpected token' });
      return void invalidRequest(reply, faults, [{ field: 'body', keyword: 'type', message: 'the body must be JSON' }]);
    }
    // seeded-deregister-pan-length-unchecked / seeded-plan-pan-length-unchecked: a PAN off its length
    // let through by one writer (registration and offers refuse it).
    const panOnly = (found: { field: string }[]) =>
      found.length > 0 &&
      found.every((v) => /(^|\.)(pan|primaryAccountNumber)$/.test(v.field)) &&
      ((operationId === 'deregisterPans' && faults.has('seeded-deregister-pan-length-unchecked')) ||
        (operationId === 'savePlan' && faults.has('seeded-plan-pan-length-unchecked')));
    // i9-participation-ica-8-digits-accepted / i9-panlist-name-underscore-accepted / i9-plan-apr-negative-accepted:
    // one operation's pattern or bound loosened (the same member stays checked on the others).
    const loosened = (found: { field: string; keyword: string }[]) =>
      found.length > 0 &&
      found.every(
        (v) =>
          (operationId === 'postMerchantParticipations' &&
            faults.has('i9-participation-ica-8-digits-accepted') &&
            v.field.endsWith('acquirerICA') &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => /^[0-9]{6,11}$/.test(String(m?.acquirerICA)))) ||
          (operationId === 'registerPans' &&
            faults.has('i9-panlist-name-underscore-accepted') &&
            v.field === 'panListName' &&
            /^[\w\s-]{1,64}$/.test(String((parsed as any)?.panListName))) ||
          (operationId === 'savePlan' &&
            faults.has('i11-plan-tenure-1-accepted') &&
            v.field === 'planInstallmentInformation.tenure' &&
            v.keyword === 'minimum' &&
            (parsed as any)?.planInstallmentInformation?.tenure === 1) ||
          // i12-participation-wallets-4-accepted: four wallets let through.
          (operationId === 'postMerchantParticipations' &&
            faults.has('i12-participation-wallets-4-accepted') &&
            v.field.endsWith('wallets') &&
            v.keyword === 'maxItems') ||
          (operationId === 'savePlan' &&
            faults.has('i9-plan-apr-negative-accepted') &&
            v.field === 'planInstallmentInformation.apr' &&
            v.keyword === 'minimum') ||
          // i20-plan-apr-fraction-over-200-accepted: the apr's maximum judged on its whole part (200.5 passes).
          (operationId === 'savePlan' &&
            faults.has('i20-plan-apr-fraction-over-200-accepted') &&
            v.field === 'planInstallmentInformation.apr' &&
            v.keyword === 'maximum' &&
            Math.trunc(Number((parsed as any)?.planInstallmentInformation?.apr)) <= 200) ||
          // seeded-fam25-approval-currency-limit-sync-only: an approval's approvedCurrency length checked in the synchronous mode only.
          (operationId === 'planApproval' &&
            faults.has('seeded-fam25-approval-currency-limit-sync-only') &&
            v.field === 'approvedCurrency' &&
            v.keyword === 'maxLength' &&
            query.get('sync') !== 'true') ||
          // i20-approval-detail-limit-on-declines-only: an approval's rejectReasonDetail length checked on declines only.
          (operationId === 'planApproval' &&
            faults.has('i20-approval-detail-limit-on-declines-only') &&
            v.field === 'rejectReasonDetail' &&
            v.keyword === 'maxLength' &&
            (parsed as any)?.status === 'APPROVED') ||
          // i20-offers-mcc-three-digits-accepted: a three-digit mcc let through (taken as one with a leading zero).
          (operationId === 'approvedOffers' &&
            faults.has('i20-offers-mcc-three-digits-accepted') &&
            v.field === 'merchant.mcc' &&
            v.keyword === 'minLength' &&
            /^[0-9]{3}$/.test(String((parsed as any)?.merchant?.mcc))) ||
          // seeded-fam25-participation-wallet-range-first-item-only: walletId's range checked on the first participation only.
          (operationId === 'postMerchantParticipations' &&
            faults.has('seeded-fam25-participation-wallet-range-first-item-only') &&
            /^[1-9][0-9]*\.wallets\b/.test(v.field) &&
            (v.keyword === 'minimum' || v.keyword === 'maximum')) ||
          // i21-participation-merchant-group-lowercase-accepted: merchantGroup's pattern read without case.
          (operationId === 'postMerchantParticipations' &&
            faults.has('i21-participation-merchant-group-lowercase-accepted') &&
            v.field.endsWith('merchantGroup') &&
            v.keyword === 'pattern' &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => m?.merchantGroup === undefined || /^[A-Za-z0-9]{1,2}$/.test(String(m.merchantGroup)))) ||
          // i21-participation-dba-names-1001-accepted: the dbaNames limit checked with one to spare.
          (operationId === 'postMerchantParticipations' &&
            faults.has('i21-participation-dba-names-1001-accepted') &&
            v.field.endsWith('dbaNames') &&
            v.keyword === 'maxItems' &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => !Array.isArray(m?.dbaNames) || m.dbaNames.length <= 1001)) ||
          // i20-participation-legal-name-limit-first-item-only: merchantLegalName's limit checked on the first participation only.
          (operationId === 'postMerchantParticipations' &&
            faults.has('i20-participation-legal-name-limit-first-item-only') &&
            /^[1-9][0-9]*\.merchantLegalName$/.test(v.field) &&
            v.keyword === 'maxLength'),
      );
    // offers-null-members-dropped: on approvedOffers a member sent null is taken as not sent.
    if (operationId === 'approvedOffers' && faults.has('offers-null-members-dropped')) dropNulls(parsed);
    const validate = contract.requestValidator(operationId)!;
    if (!validate(parsed) && !panOnly(violations(validate.errors)) && !loosened(violations(validate.errors))) {
      // seeded-offers-value-400-correlation-regenerated: approvedOffers' 400 for a value off its schema
      // (not a member left out) answers a Correlation-Id of its own.
      if (
        operationId === 'approvedOffers' &&
        faults.has('seeded-offers-value-400-correlation-regenerated') &&
        violations(validate.errors).some((v) => v.keyword !== 'required')
      )
        reply.header('Correlation-Id', randomUUID());
      // rt2-issuer-invalid-counted: a notification refused 400 still counts toward its caller's throttle.
      if (operationId === 'notifyPlan' && faults.has('rt2-issuer-invalid-counted'))
        world.issuerReceived.set(callerKey(req.ip), [...(world.issuerReceived.get(callerKey(req.ip)) ?? []), clock.nowMs()]);
      // i31-inst-issuer-400-source-is-field: the issuer's 400 names the offending member in Source, past its maxLength for the longer names.
      if (operationId === 'notifyPlan' && faults.has('i31-inst-issuer-400-source-is-field'))
        return void sendErrors(
          reply,
          faults,
          400,
          violations(validate.errors).map((v) => ({
            Source: v.field,
            ReasonCode: v.keyword === 'required' ? 'MISSING_REQUIRED_FIELD' : 'INVALID_FIELD_VALUE',
            Description: v.message,
            Recoverable: false,
            Details: v.field,
          })),
        );
      return void invalid(violations(validate.errors), parsed);
    }
    const body = parsed as any;
    // provider 2.0.0: `sensitiveData` is what Mastercard obtains by decrypting `encryptedValue`, and the
    // client encrypts it (each Plain example's note). No answer to card data in clear is documented:
    // the generic 400 of an invalid request (deviation ledger, EncryptedValue).
    if (operationId !== 'notifyPlan' && body?.sensitiveData !== undefined)
      return void invalidRequest(reply, faults, [
        {
          field: 'sensitiveData',
          keyword: 'format',
          message: 'card data travels encrypted in encryptedValue, never in clear sensitiveData',
        },
      ]);
    // provider 2.0.0, POST /plans: the merchant name is encrypted with the card as part of sensitiveData, so a plan's name in
    // clear is refused as clear card data is (its schema and examples carry it in clear: conflicts.yaml
    // IN-DEVIATION-PLAN-MERCHANT-NAME-CLEAR).
    if (operationId === 'savePlan' && body?.merchant?.name !== undefined)
      return void invalidRequest(reply, faults, [
        {
          field: 'merchant.name',
          keyword: 'format',
          message: 'the merchant name travels encrypted in encryptedValue (sensitiveData.merchant.name), never in clear',
        },
      ]);
    const encrypted = body?.encryptedValue;
    if (encrypted === undefined) return { body, query, consumerKey, ...paging };
    const plain = await decryptJson(keys, encrypted);
    if (plain === undefined && !faults.has('undecryptable-accepted')) {
      return void invalidRequest(reply, faults, [
        { field: 'encryptedValue', keyword: 'format', message: 'encryptedValue does not decrypt with the published key' },
      ]);
    }
    const plainValidate = contract.component(PLAINTEXT[operationId]);
    if (plain !== undefined && !plainValidate(plain) && !panOnly(violations(plainValidate.errors, 'encryptedValue')))
      return void invalid(violations(plainValidate.errors, 'encryptedValue'), { encryptedValue: plain });
    return { body, plain, query, consumerKey, ...paging };
  };
}

/**
 * offers-null-members-dropped: every member holding null removed, at every depth. A loop over the nodes
 * left rather than a call to itself: its one read is then the fault's branch, which the mutation sampler
 * sees as such (docs/mutation.md, declarations read only with a fault on).
 */
function dropNulls(root: unknown): void {
  const left = [root];
  while (left.length > 0) {
    const node = left.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (value === null && !Array.isArray(node)) delete (node as Record<string, unknown>)[key];
      else left.push(value);
    }
  }
}

/** offset/limit of a paged query (provider 2.0.0: offset default 0; limit's default is the contract's). */
export function page<T>(
  items: T[],
  query: URLSearchParams,
  reply: FastifyReply,
  faults: MockContext<InstallmentsFaultId>['faults'],
  defaultLimit: number,
): T[] {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? (faults.has('blind-default-limit-100') ? 100 : defaultLimit));
  const start = faults.has('blind-offset-one-based') ? Math.max(0, offset - 1) : offset;
  const from = faults.has('offset-ignored') ? 0 : start;
  const whole = faults.has('limit-not-applied') ? items.slice(from) : items.slice(from, from + limit);
  // i34-inst-page-last-page-drops-final-item: a later page that reaches the end of the set leaves out its last item.
  const slice =
    faults.has('i34-inst-page-last-page-drops-final-item') && offset > 0 && from + limit >= items.length ? whole.slice(0, -1) : whole;
  if (!faults.has('paging-headers-missing')) {
    const count = faults.has('blind-count-header-off-by-one') ? Math.max(0, slice.length - 1) : slice.length;
    // i30-inst-page-limit-header-default: the Limit header gives the operation's default page size, not the limit applied.
    const limitShown = faults.has('i30-inst-page-limit-header-default') ? defaultLimit : limit;
    reply.header('Count', String(count)).header('Offset', String(offset)).header('Limit', String(limitShown));
    // i34-inst-page-total-after-offset: Total counts the items from the offset on, not the whole set.
    const total = faults.has('i34-inst-page-total-after-offset') ? Math.max(0, items.length - offset) : items.length;
    reply.header('Total', String(faults.has('paging-total-wrong') ? slice.length : total));
  }
  return slice;
}
