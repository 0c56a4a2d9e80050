// Data sharing consents (provider 1.42.0; only when the contract has them): a linked customer's one receipt (id derived from the
// customer's) covering each login and its accounts, listed, read, revoked whole or per login; active until revoked.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, linkedData, type Customer } from './state.js';

const ACTIVE = 'ACTIVE';
const REVOKED = 'REVOKED';

/** The receipt id of a customer's consent: a UUID derived from the customer's id. */
export function consentIdOf(customerId: string): string {
  const h = createHash('sha1').update(`consent:${customerId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function registerConsents(app: FastifyInstance, ctx: FdContext) {
  if (!ctx.contract.operations.has('GetDataSharingConsentsByCustomerId')) return;
  const { state: world, clock } = ctx;
  const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

  /** The receipt of a customer, or undefined when none of its accounts is linked. */
  function receiptOf(customer: Customer) {
    const { logins, accounts } = linkedData(world, customer.id);
    if (logins.length === 0) return undefined;
    const id = consentIdOf(customer.id);
    const revoked = world.consentRevocations.get(id);
    const created = Math.min(...accounts.map((a) => a.createdDate), clock.nowEpochSeconds());
    const end = created + 365 * 86_400;
    const statusOf = (loginId?: string) => (revoked && (revoked.all || (loginId && revoked.logins.has(loginId))) ? REVOKED : ACTIVE);
    const since = (status: string) => iso(status === REVOKED ? revoked!.at : created);
    const institutions = logins.map((login) => {
      const status = statusOf(String(login.id));
      const institution = world.institutions.find((i) => i.id === login.institutionId);
      return {
        institutionId: login.institutionId,
        institutionLoginId: String(login.id),
        institutionName: (institution?.name ?? 'Institution').slice(0, 50),
        accounts: accounts
          .filter((a) => a.institutionLoginId === login.id)
          .map((a) => ({ id: a.id, type: a.type, name: a.name.slice(0, 40), status })),
        createdDate: iso(created),
        statusDetails: { status, statusDate: since(status) },
        accessPeriod: { startDate: iso(created), endDate: iso(end) },
        isBusinessConsumerStatement: 'false',
        accountOwnerCategory: 'INDIVIDUAL',
        dataScopes: [{ id: 'accounts', name: 'Accounts and transactions' }],
      };
    });
    const status = revoked?.all ? REVOKED : ACTIVE;
    return {
      consentReceiptId: id,
      receiptVersion: 1,
      customerId: customer.id,
      customerCategory: 'INDIVIDUAL',
      purpose: 'Account aggregation',
      partnerId: customer.partnerId,
      createdDate: iso(created),
      statusDetails: { status, statusDate: since(status) },
      institutions,
      accessPeriod: { startDate: iso(created), endDate: iso(end) },
    };
  }

  /** The partner's customer whose receipt has this id, or undefined. */
  function ownerOf(input: Input): Customer | undefined {
    for (const customer of world.customers.values())
      if (customer.partnerId === input.partner?.id && consentIdOf(customer.id) === input.path.consent_receipt_id && receiptOf(customer))
        return customer;
    return undefined;
  }
  const notFound = (reply: FastifyReply, id: string) => sendError(ctx, reply, 404, `Consent not found: ${id}`);

  route(app, ctx, 'GetDataSharingConsentsByCustomerId', (input, reply) => {
    // Required (the middleware checks only the parameters sent).
    if (input.query.customer_id === undefined) return sendError(ctx, reply, 400, 'Missing parameter (customer_id)');
    const customer = findCustomer(world, input.query.customer_id, input.partner?.id);
    if (!customer) return sendError(ctx, reply, 404, `Customer not found: ${input.query.customer_id}`);
    const receipt = receiptOf(customer);
    const all = receipt && (input.query.status === undefined || receipt.statusDetails.status === input.query.status) ? [receipt] : [];
    const limit: number = input.query.limit ?? 25;
    const start: number = input.query.start ?? 1;
    const page = all.slice((start - 1) * limit, start * limit);
    return { found: all.length, displaying: page.length, moreAvailable: start * limit < all.length, consents: page };
  });

  route(app, ctx, 'GetDataSharingConsentsByID', (input, reply) => {
    const customer = ownerOf(input);
    return customer ? receiptOf(customer) : notFound(reply, input.path.consent_receipt_id);
  });

  route(app, ctx, 'RevokeDataSharingConsentById', (input, reply) => {
    const customer = ownerOf(input);
    if (!customer) return notFound(reply, input.path.consent_receipt_id);
    const id = input.path.consent_receipt_id;
    const kept = world.consentRevocations.get(id);
    world.consentRevocations.set(id, { all: true, logins: kept?.logins ?? new Set(), at: kept?.all ? kept.at : clock.nowEpochSeconds() });
    return reply.code(204).send();
  });

  route(app, ctx, 'RevokeDataSharingConsentByInstitutionLoginID', (input, reply) => {
    const customer = ownerOf(input);
    if (!customer) return notFound(reply, input.path.consent_receipt_id);
    const login = input.path.institution_login_id;
    if (!linkedData(world, customer.id).logins.some((l) => String(l.id) === login))
      return sendError(ctx, reply, 404, `Institution login not found in the consent: ${login}`);
    const id = input.path.consent_receipt_id;
    const kept = world.consentRevocations.get(id) ?? { all: false, logins: new Set<string>(), at: clock.nowEpochSeconds() };
    kept.logins.add(login);
    world.consentRevocations.set(id, kept);
    return reply.code(204).send();
  });
}
