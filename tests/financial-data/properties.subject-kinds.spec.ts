// Covers: every operation taking an institution login answers a login of each documented kind, legacy
// and OAuth (seed 002, Accounts; App registration), as its contract states (FD-PROP-EVERY-KIND;
// subject-kinds.ts): the authorization details refuse a legacy login (404, 3003), the migration takes a
// legacy one, the rest serve either alike. A sandbox tells no kind apart: left out.
import { newBusiness, newConsumer, rules, sampleCall, test, type FdOperationId } from '../../fixtures/financial-data.js';
import type { FdEntities } from '../../fixtures/examples/financial-data.js';
import { checkServesEveryKind, EVERY_KIND, kindOperationsOf, type SubjectKinds } from '../../helpers/client/invariants/subject-kinds.js';
import { type LiveObjects, Violations } from '../../helpers/client/security/probe.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { FD_OBJECT_OPS } from './security.known.js';
import { countRule } from '../shared/property.js';

/** The kinds of an institution login the contract documents, and what an operation states of one. */
const LOGIN_KINDS: SubjectKinds = {
  resource: 'institutionLogin',
  kinds: ['legacy', 'oauth'],
  cite: 'seed 002, Accounts (a legacy connection migrated to OAuth) and App registration (OAuth connections)',
  stated: {
    getCustomerAuthorizationDetails: {
      legacy: { statuses: [404], cite: 'seed 002, Errors: code 3003, a legacy connection (404: provider 1.35.0 examples)' },
    },
  },
  unstated: {
    MigrateInstitutionLoginAccounts: {
      kinds: ['oauth'],
      why: 'the contract states the migration of a legacy login only (seed 002, Accounts); what it does to an OAuth login is not stated',
    },
  },
};

/** The customer types the contract documents (seed 002, Customers: testing ones use test institutions, active ones are billable). */
const CUSTOMER_KINDS: SubjectKinds = {
  resource: 'customer',
  kinds: ['testing', 'active'],
  cite: 'seed 002, Customers (a customer of type testing or active)',
  stated: {
    CreateTxPushTestTransaction: {
      active: { statuses: [400], cite: "seed 002, Events: testing accounts only, an active customer's account refused with 400" },
    },
  },
};

/** Why a sandbox run sends nothing: it tells no login's kind apart, and makes no billable (active) customer. */
const SANDBOX_LACKS: Record<string, string> = {
  institutionLogin: 'a sandbox tells no login apart as legacy or OAuth (the Connect page the suite completes names none)',
  customer:
    'an active customer is billable and links accounts only through a live institution (seed 002, Customers): a sandbox run makes none',
};

for (const kinds of [LOGIN_KINDS, CUSTOMER_KINDS]) {
  const operations = kindOperationsOf(FD_OBJECT_OPS, kinds);

  test(
    `every operation taking ${kinds.resource === 'customer' ? 'a customer serves a testing and an active customer' : 'an institution login serves a legacy and an OAuth login'} alike, but where its contract states otherwise`,
    rules('FD-PROP-EVERY-KIND'),
    async ({ fd, fdApi, fdPowers, fdEntities, createCustomer }) => {
      // Per kind, a customer of the check's own with accounts, consumer and business; for a login, one of each kind.
      const subjects = new Map<string, LiveObjects>();
      const entities = new Map<string, FdEntities>();
      const made = async (type: 'testing' | 'active') => {
        const customerId = await createCustomer(type);
        const linked = await fdPowers.linkAccounts(customerId);
        const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
        const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
        const own: FdEntities = {
          ...fdEntities,
          customerId,
          consumerId: String(consumer.body?.id),
          businessId: String(business.body?.businessId),
          linked: { customerId, logins: linked.logins, accounts: linked.accounts },
        };
        return { own, linked };
      };
      const objectsOf = (own: FdEntities, login: { id: number } | undefined) => {
        const account = own.linked!.accounts.find((a) => a.status === 'active' && (!login || a.institutionLoginId === login.id));
        return account
          ? {
              customer: own.customerId,
              consumer: own.consumerId,
              business: own.businessId,
              institutionLogin: String(account.institutionLoginId),
              account: String(account.id),
              partner: fd.partner.partnerId,
            }
          : undefined;
      };
      if (fd.control && kinds === LOGIN_KINDS) {
        const { own, linked } = await made('testing');
        for (const kind of kinds.kinds) {
          const objects = objectsOf(
            own,
            linked.logins.find((l) => l.legacy === (kind === 'legacy')),
          );
          if (!objects) continue;
          subjects.set(kind, objects);
          entities.set(kind, own);
        }
      } else if (fd.control)
        for (const kind of kinds.kinds) {
          const { own } = await made(kind as 'testing' | 'active');
          const objects = objectsOf(own, undefined);
          if (!objects) continue;
          subjects.set(kind, objects);
          entities.set(kind, own);
        }
      const violations = new Violations(EVERY_KIND);
      const { checked, exceptions } = fd.control
        ? await checkServesEveryKind(
            fdApi,
            operations,
            kinds,
            subjects,
            (o, kind) => sampleCall(o.operation.operationId as FdOperationId, fd, entities.get(kind)!) as CallOptions,
            violations,
            'FD-PROP-EVERY-KIND',
          )
        : {
            checked: [],
            exceptions: operations.map((o) => ({ operationId: o.operation.operationId, reason: SANDBOX_LACKS[kinds.resource]! })),
          };
      countRule(EVERY_KIND, 'FD-PROP-EVERY-KIND', { applies: operations.map((o) => o.operation.operationId), checked, exceptions });
      violations.expectNone();
    },
  );
}
