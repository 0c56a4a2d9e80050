// The operations taking an object id and the resource each id names, the security checkers' ground (helpers/client/security/),
// read from the contract: a path parameter naming a resource (generic-rules.ts, namesResource), a body member named as an id.
// Only the vocabulary is by hand (which resource a name stands for, who owns it): an unknown id name is reported
// (unnamedIds) and fails tests/self/security-coverage.spec.ts, so a new operation cannot slip by.
import type { Contract, Json, Operation } from './contract.js';
import { namesResource } from './generic-rules.js';

/**
 * Who owns an object: a `partner` (no other partner reaches it), a `parent` (reached only under it: an account under its
 * customer), or nobody (`public`: an institution, a routing number).
 */
type Ownership = 'partner' | 'parent' | 'public';

interface ResourceKind {
  resource: string;
  owner: Ownership;
  /** The resource the object hangs under (an account's customer, a consumer's customer). */
  parent?: string;
}

/** One object id an operation takes: where it is (`path`, or a dotted body member) and what it names. */
export interface ObjectId extends ResourceKind {
  name: string;
  in: 'path' | 'body' | 'query';
  /** The body member's dotted path (`borrowers.customerId`); the parameter's name for a path id. */
  at: string;
}

export interface ObjectIdOperation {
  operation: Operation;
  ids: ObjectId[];
}

const kind = (resource: string, owner: Ownership, parent?: string): ResourceKind => ({ resource, owner, parent });

/**
 * The id names and the resource each names (seed 002, Resources: a partner's customer, its consumer, business, logins and
 * accounts; seed 001, Resources: plans and PAN lists); a name of two resources told apart by the operation's path.
 */
const VOCABULARY: Record<string, (op: Operation) => ResourceKind> = {
  customerId: () => kind('customer', 'partner'),
  customer_id: () => kind('customer', 'partner'),
  // A consumer is the partner's and belongs to one customer (seed 002, Resources): another partner is
  // refused it, and so is another customer of the same partner where a body names both.
  consumerId: () => kind('consumer', 'partner', 'customer'),
  business_id: () => kind('business', 'partner'),
  accountId: () => kind('account', 'parent', 'customer'),
  institutionLoginId: () => kind('institutionLogin', 'parent', 'customer'),
  institution_login_id: () => kind('institutionLogin', 'parent', 'customer'),
  transactionId: () => kind('transaction', 'parent', 'customer'),
  assetId: () => kind('asset', 'parent', 'customer'),
  payRequestId: () => kind('payRequest', 'parent', 'account'),
  switch_id: (op) =>
    op.path.includes('bill-pay') ? kind('billPaySwitch', 'parent', 'customer') : kind('depositSwitch', 'parent', 'customer'),
  external_id: () => kind('switchExternal', 'partner'),
  reportId: () => kind('report', 'partner'),
  portfolioId: () => kind('portfolio', 'parent', 'customer'),
  subscriptionId: () => kind('txpushSubscription', 'parent', 'customer'),
  subscription_id: () => kind('webhookSubscription', 'partner'),
  webhook_event_id: () => kind('webhookEvent', 'parent', 'webhookSubscription'),
  configuration_id: () => kind('configuration', 'partner'),
  configurationId: () => kind('configuration', 'partner'),
  preAppId: () => kind('appRegistration', 'partner'),
  pre_app_id: () => kind('appRegistration', 'partner'),
  application_id: () => kind('application', 'partner'),
  applicationId: () => kind('application', 'partner'),
  consentReceiptId: () => kind('consentReceipt', 'partner'),
  // provider 1.42.0: a data sharing consent, a transaction refresh of a customer, a transaction's
  // unique id, a Connect experience of the partner.
  consent_receipt_id: () => kind('dataSharingConsent', 'partner'),
  refreshId: () => kind('transactionRefresh', 'parent', 'customer'),
  uniqueTransactionId: () => kind('uniqueTransaction', 'parent', 'customer'),
  experience_id: () => kind('experience', 'public'),
  partnerId: () => kind('partner', 'partner'),
  institutionId: () => kind('institution', 'public'),
  institution_id: () => kind('institution', 'public'),
  routing_number: () => kind('routingNumber', 'public'),
  plan_id: () => kind('plan', 'partner'),
  planId: () => kind('plan', 'partner'),
  panListId: () => kind('panList', 'partner'),
};

/** Body members that end like an id but name no object the service keeps: the caller's own labels or values. */
const NOT_OBJECT_IDS = new Set([
  // seed 000: the client's and the service's registration ids, and the client's own correlation id.
  'srcClientId',
  'srcCorrelationId',
  'serviceId',
  'enrolmentReferenceId',
  // the caller's own references to things outside the service (provider 1.35.0 enrichment, third-party access).
  'externalCustomerId',
  'externalAccountId',
  'externalTransactionId',
  'cardAcceptorId',
  // a business's tax id is a value of the record, not a reference to another object.
  'taxId',
  'thirdPartyPartnerId',
  // provider 1.42.0: the indirect partner an experience is copied for, a partner outside the service's objects.
  'indirectPartnerId',
  'payorId',
  'locationId',
  // seed 001: merchant, acquirer, offer and provider ids are the card network's, not objects of a caller.
  'maid',
  'mid',
  'merchantId',
  'acquirerId',
  'offerId',
  'offerTransactionId',
  'providerId',
  'transactionLinkId',
  'issuerCid',
  'installmentNumber',
]);

/** An id-like member name: ends in Id, _id or Id-like number words the vocabulary may hold. */
const ID_LIKE = /(Id|_id|_number)$/;

const resolve = (contract: Contract, node: Json): Json => contract.resolveSchema(node);

/** Dotted names of a request body's members, two levels deep (ids sit at the top or in one nested object or list). */
function bodyMembers(contract: Contract, schema: Json, depth = 0, prefix = ''): string[] {
  const node = resolve(contract, schema);
  if (!node || depth > 2) return [];
  const out: string[] = [];
  for (const part of [node, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => (node[k] ?? []).map((b: Json) => resolve(contract, b)))]) {
    for (const [name, member] of Object.entries<Json>(part?.properties ?? {})) {
      out.push(`${prefix}${name}`);
      out.push(...bodyMembers(contract, member, depth + 1, `${prefix}${name}.`));
    }
    if (part?.items) out.push(...bodyMembers(contract, part.items, depth + 1, prefix));
  }
  return [...new Set(out)];
}

/** Every object id of one operation (path first, then body), with the id names the vocabulary does not know. */
export function objectIdsOf(contract: Contract, op: Operation): { ids: ObjectId[]; unnamed: string[] } {
  const ids: ObjectId[] = [];
  const unnamed: string[] = [];
  for (const param of op.parameters.filter((p) => namesResource(contract, p))) {
    const known = VOCABULARY[param.name];
    if (known) ids.push({ name: param.name, in: 'path', at: param.name, ...known(op) });
    else unnamed.push(`path ${param.name}`);
  }
  for (const dotted of op.requestBody?.schema ? bodyMembers(contract, op.requestBody.schema) : []) {
    const name = dotted.split('.').pop()!;
    if (NOT_OBJECT_IDS.has(name)) continue;
    const known = VOCABULARY[name];
    if (known) ids.push({ name, in: 'body', at: dotted, ...known(op) });
    else if (ID_LIKE.test(name)) unnamed.push(`body ${dotted}`);
  }
  return { ids, unnamed };
}

/**
 * The query parameters naming an object a partner owns (a filter such as getApplications' pre_app_id), apart from objectIdsOf:
 * a filter narrows the caller's own list, judged by what the answer carries (security/foreign-id.ts, queryFilterProbes).
 */
export const queryIdsOf = (op: Operation): ObjectId[] =>
  op.parameters
    .filter((p) => p.in === 'query' && VOCABULARY[p.name] !== undefined)
    .map((p) => ({ name: p.name, in: 'query' as const, at: p.name, ...VOCABULARY[p.name](op) }))
    .filter((id) => id.owner !== 'public');

/** The operations of a contract that take at least one object id, in the contract's order. */
export const objectIdOperations = (contract: Contract): ObjectIdOperation[] =>
  [...contract.operations.values()]
    .map((operation) => ({ operation, ids: objectIdsOf(contract, operation).ids }))
    .filter((o) => o.ids.length > 0);

/** Id names of the contract the vocabulary does not know, as `operationId: path name` (a self test wants none). */
export const unnamedIds = (contract: Contract): string[] =>
  [...contract.operations.values()].flatMap((op) => objectIdsOf(contract, op).unnamed.map((u) => `${op.operationId}: ${u}`));

/** A value a target looks up: an object id (path, body, query filter) or a credential (a secret member, a security header). */
export interface LookedUpValue {
  operationId: string;
  in: 'path' | 'body' | 'query' | 'header';
  /** The parameter's or header's name, or the body member's dotted path. */
  at: string;
  names: string;
}

/** A body member holding a credential the target compares with its own (a current secret; a new one is set, not looked up). */
const CREDENTIAL_MEMBER = /^(?!new)\w*Secret$/i;

/**
 * Every value each operation sends for the target to look up, from the contract: object ids (objectIdsOf), query parameters
 * the vocabulary names, body members holding a secret, header apiKey credentials. The count is what FD-LOOKUP-EXACT covers.
 */
export function lookedUpValues(contract: Contract): LookedUpValue[] {
  const schemes: Record<string, Json> = contract.document.components?.securitySchemes ?? {};
  const out: LookedUpValue[] = [];
  for (const op of contract.operations.values()) {
    const { operationId } = op;
    for (const id of objectIdsOf(contract, op).ids) out.push({ operationId, in: id.in, at: id.at, names: id.resource });
    for (const p of op.parameters.filter((x) => x.in === 'query' && VOCABULARY[x.name] !== undefined))
      out.push({ operationId, in: 'query', at: p.name, names: VOCABULARY[p.name](op).resource });
    for (const dotted of op.requestBody?.schema ? bodyMembers(contract, op.requestBody.schema) : [])
      if (CREDENTIAL_MEMBER.test(dotted.split('.').pop()!)) out.push({ operationId, in: 'body', at: dotted, names: 'credential' });
    for (const name of new Set(op.security.flat()))
      if (schemes[name]?.type === 'apiKey' && schemes[name]?.in === 'header')
        out.push({ operationId, in: 'header', at: String(schemes[name].name), names: 'credential' });
  }
  return out;
}
