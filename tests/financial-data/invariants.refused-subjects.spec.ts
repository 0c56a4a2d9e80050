// Covers: FD-PROP-REFUSED-NO-TRACE for the refusals by the subject's state the operations' descriptions
// state (refused-subjects.ts): report generations for a customer with no account (400; seed 002,
// Decisioning report generation), consumer reports without a consumer (404); that customer's readers
// answer as before. Customers of the check's own, so a sandbox runs it too.
import { newBusiness, newConsumer, rules, test } from '../../fixtures/financial-data.js';
import {
  checkRefusedLeaveNoTrace,
  REFUSED_NO_TRACE,
  sendsTestDeliveries,
  traceWriters,
} from '../../helpers/client/invariants/refused-trace.js';
import { movesAloneOf, SUBJECT_REFUSALS, subjectConditions } from '../../helpers/client/invariants/refused-subjects.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { readerCall } from './records.known.js';
import { FD_CONTRACT, FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { countRule } from '../shared/property.js';
import { conditionRefusalsOf, type Read, type TraceProbe } from '../../helpers/client/invariants/refusals.js';

const movesAlone = movesAloneOf(FD_CONTRACT);
/** The writers whose own description states a subject refusal: the generations the property applies to here. */
const STATING = traceWriters(FD_CONTRACT).filter(({ writer }) => {
  const stated = FD_CONTRACT.document.paths?.[writer.path]?.[writer.method.toLowerCase()]?.description;
  const description = String(stated ?? '').replace(/\s+/g, ' ');
  return Object.values(SUBJECT_REFUSALS).some((s) => s.names.test(description));
});

test(
  'a report generation refused for its subject (no eligible account, no consumer) leaves every reader of that customer as before, its report list included @assumption',
  rules('FD-PROP-REFUSED-NO-TRACE'),
  async ({ fd, fdApi, fdPowers, createCustomer }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    // A customer with no account, its consumer and business made, so that only the accounts are at stake.
    const bare = await createCustomer('testing');
    const consumer = await fdApi.call('CreateConsumer', { path: { customerId: bare }, body: newConsumer() });
    const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: bare }, body: newBusiness() });
    // A customer with linked accounts and no consumer.
    const lone = await createCustomer('testing');
    const account = (await fdPowers.linkAccounts(lone)).accounts.find((a) => a.status === 'active' && a.type === 'checking');
    const subjects: Record<string, Record<string, string>> = {};
    if (consumer.status === 201 && business.status === 200) {
      const made = { consumer: String(consumer.body.id), business: String(business.body.businessId) };
      subjects.noEligibleAccount = { ...world.objects, customer: bare, ...made };
    }
    if (account) {
      const linked = { account: String(account.id), institutionLogin: String(account.institutionLoginId) };
      subjects.noConsumer = { ...world.objects, customer: lone, ...linked };
    }
    const conditions = subjectConditions(subjects);
    const probes: TraceProbe[] = [];
    const exceptions: { operationId: string; reason: string }[] = [];
    for (const { writer, readers } of STATING) {
      const withIds = FD_OBJECT_OPS.find((o) => o.operation === writer);
      // The valid call on the subject's objects (its readers read on them too): the condition's refusal.
      const { refusals } = conditionRefusalsOf(FD_CONTRACT, writer, conditions, (objects) =>
        objects && withIds ? withObjects(world.sample(withIds), withIds.ids, objects) : undefined,
      );
      for (const refusal of refusals) {
        const objects = conditions.find((c) => refusal.why.includes(c.why))?.objects;
        const reads = readers
          .filter((operation) => !sendsTestDeliveries(operation))
          .flatMap((operation): Read[] => {
            const call = readerCall(operation, world, fd, objects ?? world.objects);
            return typeof call === 'string' ? [] : [{ operation, call }];
          });
        if (reads.length) probes.push({ writer, refusals: [refusal], reads });
      }
      const unmade = 'the subject its description refuses was not made (its setting up answered otherwise)';
      if (!refusals.length) exceptions.push({ operationId: writer.operationId, reason: unmade });
    }
    const violations = new Violations(REFUSED_NO_TRACE);
    const { checked, sent } = await checkRefusedLeaveNoTrace(fdApi, probes, violations, movesAlone, 'FD-PROP-REFUSED-NO-TRACE');
    const description = [...sent].map(([k, n]) => `${k} ${n}`).join(', ');
    test.info().annotations.push({ type: 'refusals sent and refused, by reason', description });
    for (const { writer } of STATING)
      if (!checked.includes(writer.operationId) && !exceptions.some((e) => e.operationId === writer.operationId))
        exceptions.push({ operationId: writer.operationId, reason: 'none of its subject refusals was refused' });
    const applies = STATING.map(({ writer }) => writer.operationId);
    countRule(REFUSED_NO_TRACE, 'FD-PROP-REFUSED-NO-TRACE', { applies, checked, exceptions });
    violations.expectNone();
  },
);
