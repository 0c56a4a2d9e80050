// Covers: every documented delete, then every operation naming what it removed, for its partner and
// another (after-delete.ts; seed 002, Customers: "Delete removes access to the customer and all linked
// accounts"; Accounts; Errors 404). Not expected: a consumer going with its customer (seed 002,
// Resources: it outlives it), nor a business read after its customer's delete (the seed is silent).
import { expect, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { AFTER_DELETE, afterDeleteProbes, deletes } from '../../helpers/client/security/after-delete.js';
import { OTHER_PARTNER, otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import { runProbes, Violations, withObjects, type LiveObjects } from '../../helpers/client/security/probe.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { DELETE_RULE, DELETED_BY, NOT_DELETES, FD_EXEMPT, FD_OBJECT_OPS, opOf, probeCheck, type LiveWorld } from './security.known.js';

/** The resource a delete removes: its last path id's, unless DELETED_BY names it. */
const deletedBy = (operationId: string) =>
  DELETED_BY[operationId] ??
  opOf(operationId)
    .ids.filter((id) => id.in === 'path')
    .pop()!.resource;

async function remove(fdApi: OperationClient, world: LiveWorld, operationId: string, objects: LiveObjects = world.objects) {
  const o = opOf(operationId);
  const res = await fdApi.callOperation(o.operation, withObjects(world.sample(o), o.ids, objects));
  expect(res.status, `${operationId} of the live ${deletedBy(operationId)} answers its documented success`).toBeLessThan(300);
}

test(
  "after DeleteCustomerAccount, every operation naming the account is refused; the customer's other accounts stay readable",
  rules('FD-OBJ-AFTER-DELETE@del-account'),
  probeCheck(async ({ fdApi, world }) => {
    await remove(fdApi, world, 'DeleteCustomerAccount');
    const violations = new Violations(AFTER_DELETE);
    const { probes } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, world.objects, { resource: 'account', id: world.objects.account });
    await runProbes(fdApi, probes, violations);
    const sibling = { customerId: world.objects.customer, accountId: world.otherParents.account };
    const other = await fdApi.call('GetCustomerAccount', { path: sibling });
    if (other.status !== 200)
      violations.add('GetCustomerAccount', 'another account of the customer after the delete', String(other.status), '200');
    return {
      violations: [violations],
      coverage: `financial-data ${AFTER_DELETE} DeleteCustomerAccount: ${probes.length} operations probed`,
    };
  }),
);

test(
  'after DeleteCustomerAccountsByInstitutionLogin, every operation naming the login or one of its accounts is refused',
  rules('FD-OBJ-AFTER-DELETE@del-login'),
  probeCheck(async ({ fdApi, world }) => {
    const login = world.spareLogin;
    await remove(fdApi, world, 'DeleteCustomerAccountsByInstitutionLogin', { ...world.objects, institutionLogin: login.id });
    const violations = new Violations(AFTER_DELETE);
    // Every operation naming the login, and through one of its accounts every account operation (one tells as all).
    const [account] = login.accounts;
    const gone = { resource: 'institutionLogin', id: login.id };
    const { probes } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, world.objects, gone, { account });
    await runProbes(fdApi, probes, violations);
    // The login's other accounts are gone from its customer's list as well.
    const listed = await fdApi.call('GetCustomerAccounts', { path: { customerId: world.objects.customer } });
    const left = ((listed.body?.accounts ?? []) as { id: string | number }[])
      .map((a) => String(a.id))
      .filter((id) => login.accounts.includes(id));
    const ofLogin = `accounts of deleted institutionLogin ${login.id}`;
    if (left.length) violations.add('GetCustomerAccounts', ofLogin, `still lists ${left.join(', ')}`, 'none of them');
    return {
      violations: [violations],
      coverage: `financial-data ${AFTER_DELETE} DeleteCustomerAccountsByInstitutionLogin: ${probes.length} probes over the login and one of its ${login.accounts.length} accounts, and the customer's list`,
    };
  }),
);

test(
  'after DeleteCustomer, every operation naming the customer is refused for its partner, and its objects stay refused to another partner',
  rules('FD-OBJ-AFTER-DELETE@del-customer', 'FD-OBJ-OTHER-PARTNER'),
  probeCheck(async ({ fd, fdApi, world, other }) => {
    // The customer's objects reached without its id (consumer, business, report): a delete could orphan them.
    const byOwnId = FD_OBJECT_OPS.filter(
      (o) => !o.ids.some((id) => id.resource === 'customer') && o.ids.some((id) => world.customerTree.includes(id.resource)),
    );
    const otherProbes = () => otherPartnerProbes(byOwnId, world.sample, world.objects, fd.sparePartner!.partnerId, FD_EXEMPT).probes;
    const before = new Violations(`${OTHER_PARTNER} before the delete`);
    await runProbes(fdApi, otherProbes(), before, other);
    await remove(fdApi, world, 'DeleteCustomer');
    const violations = new Violations(AFTER_DELETE);
    const { probes } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, world.objects, { resource: 'customer', id: world.objects.customer });
    await runProbes(fdApi, probes, violations);
    const after = otherProbes();
    await runProbes(fdApi, after, violations, other);
    violations.list.filter((_v, i) => i >= probes.length).forEach((v) => (v.object = `as another partner: ${v.object}`));
    return {
      violations: [before, violations],
      coverage: `financial-data ${AFTER_DELETE} DeleteCustomer: ${probes.length} operations probed as the owner, ${after.length} as another partner`,
    };
  }, 'needs'),
);

test(
  "after each delete of a partner's own object (webhook subscription and event, configuration, access key, TxPush subscription), every operation naming it is refused",
  rules('FD-OBJ-AFTER-DELETE@del-partner-object', ...Object.values(DELETE_RULE).map((d) => `${d.rule}@${d.at}`)),
  probeCheck(async ({ fdApi, world }) => {
    const handled = ['DeleteCustomerAccount', 'DeleteCustomerAccountsByInstitutionLogin', 'DeleteCustomer'];
    // A child before its parent: the event is deleted while its subscription still stands.
    const rest = deletes(FD_OBJECT_OPS, NOT_DELETES)
      .filter((o) => !handled.includes(o.operation.operationId))
      .sort((a, b) => b.operation.path.split('/').length - a.operation.path.split('/').length);
    const violations = new Violations(AFTER_DELETE);
    const ran: string[] = [];
    for (const d of rest) {
      const resource = deletedBy(d.operation.operationId);
      if (resource === 'txpushSubscription') await world.renew(resource);
      // A renewed event: the subscription's probes name one it still holds, so finding the deleted subscription shows.
      if (resource === 'webhookSubscription') await world.renew('webhookEvent');
      await remove(fdApi, world, d.operation.operationId);
      const { probes } = afterDeleteProbes(FD_OBJECT_OPS, world.sample, world.objects, { resource, id: world.objects[resource] });
      const found = violations.list.length;
      await runProbes(fdApi, probes, violations);
      // Each refusal missed on an operation the object's own delete rule names is filed under that rule (DELETE_RULE), the
      // others under the after-delete property's.
      const own = loadRules('financial-data').rules.find((r) => r.id === DELETE_RULE[resource]?.rule);
      for (const v of violations.list.slice(found)) v.rule = own?.operations.includes(v.operationId) ? own.id : 'FD-OBJ-AFTER-DELETE';
      ran.push(`${d.operation.operationId} (${probes.length} probes)`);
    }
    return { violations: [violations], coverage: `financial-data ${AFTER_DELETE}: ${ran.join(', ')}` };
  }),
);
