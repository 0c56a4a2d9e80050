// Covers: every financial data operation taking a partner-owned id, sent by another partner with the
// owner's objects (other-partner.ts; seed 002, Resources and Errors 404; provider 1.35.0
// BadRequestErrorResponse "does not belong to this partner").
import { FD_CONTRACT, rules, test } from '../../fixtures/financial-data.js';
import { OTHER_PARTNER, otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import { runProbes, Violations } from '../../helpers/client/security/probe.js';
import { filterLeaks, FOREIGN_ID, foreignIdProbes, queryFilterProbes } from '../../helpers/client/security/foreign-id.js';
import { objectIdsOf, queryIdsOf } from '../../helpers/contract/object-ids.js';
import { checkRefusalOnForms, REFUSAL_FORMS, validFormCases } from '../../helpers/client/invariants/type-forms.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { FD_EXEMPT, FD_OBJECT_OPS, probeCheck, spareObjects, FD_FOREIGN_ID_EXEMPT, FD_BODY_IDS_UNRESOLVED } from './security.known.js';

test(
  'another partner is refused the objects of ours through every operation that names them, and changes none',
  rules('FD-OBJ-OTHER-PARTNER'),
  probeCheck(async ({ fd, fdApi, world, other }) => {
    const { objects } = world;
    const owned = async () => ({
      customer: (await fdApi.call('GetCustomer', { path: { customerId: objects.customer } })).body,
      consumer: (await fdApi.call('GetConsumer', { path: { consumerId: objects.consumer } })).body,
      business: (await fdApi.call('GetBusinessById', { path: { business_id: objects.business } })).body,
      accounts: (await fdApi.call('GetCustomerAccounts', { path: { customerId: objects.customer } })).body,
      hook: (await fdApi.call('getWebhookSubscriptionById', { path: { subscription_id: objects.webhookSubscription } })).body,
      configuration: (await fdApi.call('get-configurations-configurationId', { path: { configuration_id: objects.configuration } })).body,
    });
    const before = await owned();
    const { probes, leftOut } = otherPartnerProbes(FD_OBJECT_OPS, world.sample, objects, fd.sparePartner!.partnerId, FD_EXEMPT);
    const violations = new Violations(OTHER_PARTNER);
    await runProbes(fdApi, probes, violations, other);
    return {
      violations: [violations],
      same: [["the owner's objects after another partner's calls", await owned(), before]],
      coverage: `financial-data ${OTHER_PARTNER}: ${FD_OBJECT_OPS.length} operations take an object id; ${probes.length} probed; ${leftOut.length} left out (${leftOut.map((l) => `${l.operationId}: ${l.reason}`).join('; ')})`,
      partial: leftOut.length
        ? `${OTHER_PARTNER}: ${leftOut.length} operations left out, each with its reason in the security-coverage annotation`
        : undefined,
    };
  }, 'needs'),
);
test(
  'another partner is refused each object of ours named in a body beside its own objects, one id at a time, in every form of the body',
  rules('FD-OBJ-FOREIGN-ID'),
  probeCheck(async ({ fd, fdApi, world, other }) => {
    const own = await spareObjects(fd, fdApi, other!);
    const { probes, leftOut } = foreignIdProbes(
      FD_OBJECT_OPS,
      world.sample,
      own,
      world.objects,
      FD_FOREIGN_ID_EXEMPT,
      FD_BODY_IDS_UNRESOLVED,
    );
    const violations = new Violations(FOREIGN_ID);
    await runProbes(fdApi, probes, violations, other);
    // A query filter naming our object: the other partner's list holds none of ours.
    const filtered = [...FD_CONTRACT.operations.values()]
      .map((operation) => ({ operation, ids: queryIdsOf(operation) }))
      .filter((o) => o.ids.length);
    const filters = queryFilterProbes(filtered, world.sample, world.objects);
    await runProbes(fdApi, filters.probes, violations, other, (answer) => {
      const ownerId =
        world.objects[queryIdsOf(answer.probe.operation).find((id) => answer.probe.call.query?.[id.name] !== undefined)!.resource];
      if (filterLeaks(answer, ownerId))
        violations.add(
          answer.probe.operation.operationId,
          answer.probe.object,
          `${answer.status} listing it`,
          "none of the owner's objects listed",
        );
    });
    const covered = new Set([...probes, ...filters.probes].map((p) => p.operation.operationId));
    return {
      violations: [violations],
      least: [['the foreign-id probes', probes.length, 1]],
      coverage: `financial-data ${FOREIGN_ID}: ${covered.size} operations name a partner's object in the body beside another or as a query filter; ${probes.length} body and ${filters.probes.length} filter probes; ${leftOut.length} left out (${leftOut.map((l) => `${l.operationId}: ${l.reason}`).join('; ')})`,
    };
  }, 'needs'),
);

// The refusal holds whatever valid form the other members take (checkRefusalOnForms): each first probe
// sent again with each valid form of its non-id members must be refused still.
test(
  'another partner stays refused in every valid form of the members beside the ids, on every operation that names an object of ours',
  rules('FD-PROP-REFUSAL-FORMS', 'FD-OBJ-OTHER-PARTNER'),
  probeCheck(async ({ fd, fdApi, world, other }) => {
    const { probes } = otherPartnerProbes(FD_OBJECT_OPS, world.sample, world.objects, fd.sparePartner!.partnerId, FD_EXEMPT);
    const violations = new Violations(REFUSAL_FORMS);
    const applies: string[] = [];
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    let cases = 0;
    const seen = new Set<string>();
    for (const probe of probes) {
      const op = probe.operation;
      if (seen.has(op.operationId)) continue;
      seen.add(op.operationId);
      // The ids are what the refusal is about, and a member named as a reference names what the target holds: sent as probed.
      const ids = new Set(objectIdsOf(FD_CONTRACT, op).ids.map((id) => id.at));
      const keep = (at: string) =>
        ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) ||
        /[a-z]Ids?$|^id$/.test(at.split('.').at(-1)!) ||
        kindOfKey(at.split('.').at(-1)!) !== undefined;
      const call = { ...probe.call, auth: other! };
      if (!validFormCases(FD_CONTRACT, op, call, keep).length) continue;
      applies.push(op.operationId);
      const refused = (res: { status: number }) =>
        probe.documented.includes(res.status) ? undefined : `${res.status}, not ${probe.documented.join(' or ')}`;
      const { sent, leftOut } = await checkRefusalOnForms(fdApi, op, call, refused, violations, { keep, on: probe.object });
      if (leftOut) exceptions.push({ operationId: op.operationId, reason: leftOut });
      else checked.push(op.operationId);
      cases += sent;
    }
    countProperty(test.info(), {
      property: REFUSAL_FORMS,
      service: 'financial-data',
      rule: 'FD-PROP-REFUSAL-FORMS',
      applies,
      checked,
      exceptions,
    });
    return {
      violations: [violations],
      coverageType: 'checker-coverage',
      coverage: `refusal forms: ${applies.length} operations refused to another partner state a valid form beside the ids; ${checked.length} checked with ${cases} forms; left out: ${exceptions.map((e) => `${e.operationId}: ${e.reason}`).join('; ') || 'none'}`,
    };
  }, 'needs'),
);
