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
import { exchangeOf, type Guarded } from './seams.js';

export type { Guarded };
import { callerKey, type InstallmentsState } from './state.js';

// provider 2.0.0: which `sensitiveData` schema each operation's encryptedValue decrypts to.
const PLAINTEXT: Record<string, string> = {
  registerPans: 'PanListSensitiveData',
  deregisterPans: 'PanListSensitiveData',
  approvedOffers: 'OffersSensitiveData',
  savePlan: 'PlanSensitiveData',
  notifyPlan: 'NotificationSensitiveData',
};

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
  const sameKey = (k: InstallmentsState['keys'][number], key: string) => k.consumerKey === key;
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
    return lax;
  };
  const judge: Guard = async (req, reply, operationId) => {
    const { op, paging, limitMax, inputs } = shapeOf(operationId);
    // in-echo-correlation-refusal-correlation-regenerated: the guard's refusals of approvedOffers (401, 403, 406)
    // answer a Correlation-Id of their own instead of the caller's.
    const refuse = (status: number, code: string, message: string) => {
      if (operationId === 'approvedOffers' && faults.has('in-echo-correlation-refusal-correlation-regenerated'))
        reply.header('Correlation-Id', randomUUID());
      return sendError(reply, status, code, message);
    };
    // A member the contract refuses, answered as the provider's error example for it where one is given.
    const invalid = (found: ReturnType<typeof violations>, sent?: unknown) => {
      const documented = documentedRefusal(operationId, found, sent);
      return documented ? sendError(reply, 400, ...documented) : invalidRequest(reply, found);
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
    // in-auth-signature-approval-signature-query-unsigned: planApproval also takes a signature computed over its URL without the query.
    const unsignedQuery =
      !verdict.ok &&
      ((operationId === 'planApproval' && faults.has('in-auth-signature-approval-signature-query-unsigned')) ||
        // in-auth-signature-issuer-signature-query-unsigned: the issuer endpoint also takes a signature over its URL without the query.
        (operationId === 'notifyPlan' && faults.has('in-auth-signature-issuer-signature-query-unsigned'))) &&
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
    else {
      return void refuse(401, 'UNAUTHORIZED', `OAuth signature rejected (${verdict.reason}).`);
    }
    const allowed = world.keys.find((k) => sameKey(k, consumerKey))!.operations;
    const forbiddenUnchecked =
      (faults.has('in-auth-forbidden-deregister-forbidden-unchecked') && operationId === 'deregisterPans') ||
      // in-auth-forbidden-key-gets-offers: the offers operation skips the key's rights check.
      (faults.has('in-auth-forbidden-key-gets-offers') && operationId === 'approvedOffers') ||
      // in-auth-forbidden-key-reads-approval-status: the approval status read skips the operation check.
      (faults.has('in-auth-forbidden-key-reads-approval-status') && operationId === 'getPlanApprovalStatus') ||
      // in-auth-forbidden-key-searches-mids: the MID search skips the operation check.
      (faults.has('in-auth-forbidden-key-searches-mids') && operationId === 'postMerchantMidSearches') ||
      // in-auth-forbidden-issuer-forbidden-key-accepted: the issuer's notification endpoint skips the operation check.
      (faults.has('in-auth-forbidden-issuer-forbidden-key-accepted') && operationId === 'notifyPlan') ||
      // in-auth-forbidden-key-registers-pans: the PAN registration skips the operation check.
      (faults.has('in-auth-forbidden-key-registers-pans') && operationId === 'registerPans') ||
      // in-auth-forbidden-key-selects-plan: the plan selection skips the operation check.
      (faults.has('in-auth-forbidden-key-selects-plan') && operationId === 'savePlan') ||
      // in-prop-refusal-forms-forbidden-key-search-lowercase-country: a search by a country not all in capitals skips the operation check.
      (faults.has('in-prop-refusal-forms-forbidden-key-search-lowercase-country') &&
        operationId === 'postMerchantSearches' &&
        /"countryCode":"(?![A-Z]{3}")[A-Za-z]{3}"/.test(raw ?? '')) ||
      // in-auth-forbidden-key-submits-participations: the participation submission skips the key's rights check.
      (faults.has('in-auth-forbidden-key-submits-participations') && operationId === 'postMerchantParticipations');
    if (allowed !== '*' && !allowed.includes(operationId) && !faults.has('forbidden-never-given') && !forbiddenUnchecked) {
      // in-auth-forbidden-getplan-forbidden-404: the plan reader answers a key without the right 404 (plan hidden), not 403.
      if (faults.has('in-auth-forbidden-getplan-forbidden-404') && operationId === 'getPlan')
        return void refuse(404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.');
      return void refuse(403, 'FORBIDDEN', `The consumer key may not call ${operationId}.`);
    }
    // in-trans-accept-approval-status-accept-unchecked: the approval status reader answers JSON whatever the Accept.
    // in-trans-accept-participations-read-accept-unchecked: the participations reader answers JSON whatever the Accept.
    const acceptUnchecked =
      (faults.has('in-trans-accept-approval-status-accept-unchecked') && operationId === 'getPlanApprovalStatus') ||
      (faults.has('in-trans-accept-participations-read-accept-unchecked') && operationId === 'getMerchantParticipations');
    // in-trans-accept-search-accept-first-type-only: the merchant search reads only the first media type of Accept.
    const firstTypeOnly =
      faults.has('in-trans-accept-search-accept-first-type-only') &&
      operationId === 'postMerchantSearches' &&
      !acceptsJson(req.headers.accept?.split(',')[0]);
    const acceptWithParameters =
      faults.has('in-trans-accept-mid-search-accept-parameters-refused') &&
      operationId === 'postMerchantMidSearches' &&
      (req.headers.accept ?? '').includes(';');
    // in-prop-accept-approval-accept-highest-quality-only: the approval reads only the media type of Accept with the highest q value.
    const highestOnly =
      faults.has('in-prop-accept-approval-accept-highest-quality-only') &&
      operationId === 'planApproval' &&
      !acceptsJson(
        (req.headers.accept ?? '')
          .split(',')
          .map((part) => ({ part, q: Number(/;\s*q=([0-9.]+)/.exec(part)?.[1] ?? 1) }))
          .sort((a, b) => b.q - a.q)[0]?.part,
      );
    if (
      op.responses['406'] &&
      (!acceptsJson(req.headers.accept) || firstTypeOnly || acceptWithParameters || highestOnly) &&
      !faults.has('not-acceptable-ignored') &&
      !acceptUnchecked
    ) {
      return void refuse(406, 'NOT_ACCEPTABLE', 'Only application/json can be produced.');
    }
    // A body of a type its operation does not take never gets here (mocks/kit/body.ts: approvedOffers' 415).
    // in-trans-media-offers-json-charset-refused: the media type compared with its parameters (application/json; charset=utf-8 refused).
    if (
      op.responses['415'] &&
      raw &&
      faults.has('in-trans-media-offers-json-charset-refused') &&
      (req.headers['content-type'] ?? '').includes(';')
    )
      return void refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be application/json.');

    const query = new URL(req.url, 'http://mock').searchParams;
    for (const { param: p, validate } of inputs) {
      let value = p.in === 'query' ? (query.get(p.name) ?? undefined) : (req.headers[p.name.toLowerCase()] as string | undefined);
      if (value === undefined) {
        // The issuer's 400 for a notification without Correlation-Id (reference, header `Correlation-Id*`).
        if (p.required && !(p.name === 'Correlation-Id' && faults.has('issuer-missing-correlation-accepted')))
          return void invalidRequest(reply, [{ field: p.name, keyword: 'required', message: `${p.name} is required` }]);
        continue;
      }
      if (p.name === 'limit' && faults.has('limit-over-500-accepted') && Number(value) > limitMax) continue;
      if (p.name === 'offset' && faults.has('offset-unchecked')) continue;
      // in-fmt-correlation-plan-correlation-braces-stripped: savePlan takes a UUID Correlation-Id written in braces, judged without them.
      if (
        p.name === 'Correlation-Id' &&
        operationId === 'savePlan' &&
        faults.has('in-fmt-correlation-plan-correlation-braces-stripped') &&
        /^\{.*\}$/.test(value)
      )
        value = value.slice(1, -1);
      // in-status-sync-approval-sync-case-folded: the sync flag of planApproval judged without its case (TRUE taken as a boolean).
      if (
        p.name === 'sync' &&
        operationId === 'planApproval' &&
        faults.has('in-status-sync-approval-sync-case-folded') &&
        /^(true|false)$/i.test(value)
      )
        continue;
      // in-err-contract-approval-sync-false-case-folded: planApproval's sync=false judged without its case (FALSE taken as the asynchronous mode).
      if (
        p.name === 'sync' &&
        operationId === 'planApproval' &&
        faults.has('in-err-contract-approval-sync-false-case-folded') &&
        /^false$/i.test(value)
      )
        continue;
      // in-page-limit-mid-search-limit-500-refused: the MID search reads limit's maximum as exclusive.
      if (
        p.name === 'limit' &&
        operationId === 'postMerchantMidSearches' &&
        faults.has('in-page-limit-mid-search-limit-500-refused') &&
        Number(value) === limitMax
      )
        return void invalidRequest(reply, [{ field: 'limit', keyword: 'maximum', message: `limit must be < ${limitMax}` }]);
      const typed = wireValue(p.schema, value);
      if (!validate(typed)) return void invalid(violations(validate.errors, p.name));
    }

    if (!op.requestBody) return { body: undefined, query, consumerKey, ...paging };
    const parsed = parseJson(raw);
    if (parsed instanceof SyntaxError || parsed === undefined) {
      if (faults.has('bad-json-crashes') && parsed instanceof SyntaxError)
        return void reply.code(500).send({ message: 'Unexpected token' });
      return void invalidRequest(reply, [{ field: 'body', keyword: 'type', message: 'the body must be JSON' }]);
    }
    // in-lim-pan-deregister-pan-length-unchecked / in-lim-pan-plan-pan-length-unchecked: a PAN off its length
    // let through by one writer (registration and offers refuse it).
    const panOnly = (found: { field: string }[]) =>
      found.length > 0 &&
      found.every((v) => /(^|\.)(pan|primaryAccountNumber)$/.test(v.field)) &&
      ((operationId === 'deregisterPans' && faults.has('in-lim-pan-deregister-pan-length-unchecked')) ||
        (operationId === 'savePlan' && faults.has('in-lim-pan-plan-pan-length-unchecked')));
    // in-pat-ica-participation-ica-8-digits-accepted / in-pat-panlistname-panlist-name-underscore-accepted / in-lim-apr-plan-apr-negative-accepted:
    // one operation's pattern or bound loosened (the same member stays checked on the others).
    const loosened = (found: { field: string; keyword: string }[]) =>
      found.length > 0 &&
      found.every(
        (v) =>
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-pat-ica-participation-ica-8-digits-accepted') &&
            v.field.endsWith('acquirerICA') &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => /^[0-9]{6,11}$/.test(String(m?.acquirerICA)))) ||
          (operationId === 'registerPans' &&
            faults.has('in-pat-panlistname-panlist-name-underscore-accepted') &&
            v.field === 'panListName' &&
            /^[\w\s-]{1,64}$/.test(String((parsed as any)?.panListName))) ||
          (operationId === 'savePlan' &&
            faults.has('in-lim-tenure-plan-tenure-1-accepted') &&
            v.field === 'planInstallmentInformation.tenure' &&
            v.keyword === 'minimum' &&
            (parsed as any)?.planInstallmentInformation?.tenure === 1) ||
          // in-lim-wallets-participation-wallets-4-accepted: four wallets let through.
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-lim-wallets-participation-wallets-4-accepted') &&
            v.field.endsWith('wallets') &&
            v.keyword === 'maxItems') ||
          (operationId === 'savePlan' &&
            faults.has('in-lim-apr-plan-apr-negative-accepted') &&
            v.field === 'planInstallmentInformation.apr' &&
            v.keyword === 'minimum') ||
          // in-lim-currency-approval-currency-limit-sync-only: an approval's approvedCurrency length checked in the synchronous mode only.
          (operationId === 'planApproval' &&
            faults.has('in-lim-currency-approval-currency-limit-sync-only') &&
            v.field === 'approvedCurrency' &&
            v.keyword === 'maxLength' &&
            query.get('sync') !== 'true') ||
          // in-lim-rejectdetail-approval-detail-limit-on-declines-only: an approval's rejectReasonDetail length checked on declines only.
          (operationId === 'planApproval' &&
            faults.has('in-lim-rejectdetail-approval-detail-limit-on-declines-only') &&
            v.field === 'rejectReasonDetail' &&
            v.keyword === 'maxLength' &&
            (parsed as any)?.status === 'APPROVED') ||
          // in-lim-mcc-offers-mcc-three-digits-accepted: a three-digit mcc let through (taken as one with a leading zero).
          (operationId === 'approvedOffers' &&
            faults.has('in-lim-mcc-offers-mcc-three-digits-accepted') &&
            v.field === 'merchant.mcc' &&
            v.keyword === 'minLength' &&
            /^[0-9]{3}$/.test(String((parsed as any)?.merchant?.mcc))) ||
          // in-range-walletid-participation-wallet-range-first-item-only: walletId's range checked on the first participation only.
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-range-walletid-participation-wallet-range-first-item-only') &&
            /^[1-9][0-9]*\.wallets\b/.test(v.field) &&
            (v.keyword === 'minimum' || v.keyword === 'maximum')) ||
          // in-pat-merchantgroup-participation-merchant-group-lowercase-accepted: merchantGroup's pattern read without case.
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-pat-merchantgroup-participation-merchant-group-lowercase-accepted') &&
            v.field.endsWith('merchantGroup') &&
            v.keyword === 'pattern' &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => m?.merchantGroup === undefined || /^[A-Za-z0-9]{1,2}$/.test(String(m.merchantGroup)))) ||
          // in-lim-dbanames-participation-dba-names-1001-accepted: the dbaNames limit checked with one to spare.
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-lim-dbanames-participation-dba-names-1001-accepted') &&
            v.field.endsWith('dbaNames') &&
            v.keyword === 'maxItems' &&
            Array.isArray(parsed) &&
            parsed.every((m: any) => !Array.isArray(m?.dbaNames) || m.dbaNames.length <= 1001)) ||
          // in-lim-legalname-participation-legal-name-limit-first-item-only: merchantLegalName's limit checked on the first participation only.
          (operationId === 'postMerchantParticipations' &&
            faults.has('in-lim-legalname-participation-legal-name-limit-first-item-only') &&
            /^[1-9][0-9]*\.merchantLegalName$/.test(v.field) &&
            v.keyword === 'maxLength'),
      );
    // offers-null-members-dropped: on approvedOffers a member sent null is taken as not sent.
    if (operationId === 'approvedOffers' && faults.has('offers-null-members-dropped')) dropNulls(parsed);
    const validate = contract.requestValidator(operationId)!;
    if (!validate(parsed) && !panOnly(violations(validate.errors)) && !loosened(violations(validate.errors))) {
      // in-echo-correlation-offers-value-400-correlation-regenerated: approvedOffers' 400 for a value off its schema
      // (not a member left out) answers a Correlation-Id of its own.
      if (
        operationId === 'approvedOffers' &&
        faults.has('in-echo-correlation-offers-value-400-correlation-regenerated') &&
        violations(validate.errors).some((v) => v.keyword !== 'required')
      )
        reply.header('Correlation-Id', randomUUID());
      // in-issuer-throttle-window-invalid-counted: a notification refused 400 still counts toward its caller's throttle.
      if (operationId === 'notifyPlan' && faults.has('in-issuer-throttle-window-invalid-counted'))
        world.issuerReceived.set(callerKey(req.ip), [...(world.issuerReceived.get(callerKey(req.ip)) ?? []), clock.nowMs()]);
      // in-issuer-invalid-400-source-is-field: the issuer's 400 names the offending member in Source, past its maxLength for the longer names.
      if (operationId === 'notifyPlan' && faults.has('in-issuer-invalid-400-source-is-field'))
        return void sendErrors(
          reply,
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
      return void invalidRequest(reply, [
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
      return void invalidRequest(reply, [
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
      return void invalidRequest(reply, [
        { field: 'encryptedValue', keyword: 'format', message: 'encryptedValue does not decrypt with the published key' },
      ]);
    }
    const plainValidate = contract.component(PLAINTEXT[operationId]);
    if (plain !== undefined && !plainValidate(plain) && !panOnly(violations(plainValidate.errors, 'encryptedValue')))
      return void invalid(violations(plainValidate.errors, 'encryptedValue'), { encryptedValue: plain });
    return { body, plain, query, consumerKey, ...paging };
  };
  // The exchange (seams.ts) learns its operation, and what the guard let through or the status it refused with.
  return async (req, reply, operationId) => {
    const x = exchangeOf(req, world, () => clock.nowMs());
    x.op = operationId;
    x.ok = await judge(req, reply, operationId);
    if (!x.ok) x.refused = reply.statusCode;
    return x.ok;
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
  const limit = Number(query.get('limit') ?? defaultLimit);
  const start = faults.has('in-page-slice-offset-one-based') ? Math.max(0, offset - 1) : offset;
  const from = faults.has('offset-ignored') ? 0 : start;
  const whole = faults.has('limit-not-applied') ? items.slice(from) : items.slice(from, from + limit);
  const slice = whole;
  if (!faults.has('paging-headers-missing')) {
    const count = slice.length;
    const limitShown = limit;
    reply.header('Count', String(count)).header('Offset', String(offset)).header('Limit', String(limitShown));
    const total = items.length;
    reply.header('Total', String(total));
  }
  return slice;
}
