// Covers: every financial data operation naming an object, probed on the live world (security.known.ts),
// one test per checker of helpers/client/security/ (probeCheck):
// - near-id.ts: the owner's id one character away, padded, recased (FD-OBJ-EXACT-ID-FORM) or folded
//   (FD-OBJ-EXACT-ID-FOLD) names no object (seed 002, Errors 404; @assumption: no folding documented);
// - other-parent.ts: a child under another parent of the same partner (seed 002, Resources; Errors 404;
//   FD-TXN-OWNER-404, FD-ASSET-OWNER), and every other account of the portfolio under another customer
//   and partner (provider 1.35.0 BadRequestErrorResponse "does not exist or does not belong to this partner");
// - sensitive-values.ts: no answer holds the run's SSNs, account numbers, secrets, key and tokens in
//   clear (seed 002, Consumers: SSN last four only; Authentication: credentials never data).
import { FD_CONTRACT, rules, TEST_SSNS, test } from '../../fixtures/financial-data.js';
import { foldedIds, NEAR_ID, nearIdProbes } from '../../helpers/client/security/near-id.js';
import { OTHER_PARENT, otherParentProbes } from '../../helpers/client/security/other-parent.js';
import { otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import { runProbes, Violations, withObjects, type Probe } from '../../helpers/client/security/probe.js';
import { checkAnswer, SENSITIVE_VALUES, SensitiveInputs, withSensitiveMembers } from '../../helpers/client/security/sensitive-values.js';
import { sensitiveValuesIn } from '../../helpers/secrets/sensitive.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { SAMPLE_BANK_ACCOUNT, SAMPLE_CARD } from '../../fixtures/examples/fd-samples/connect.js';
import { FD_BODY_IDS_UNRESOLVED, FD_EXEMPT, FD_OBJECT_OPS, probeCheck } from './security.known.js';
import { callKey, firstOfEach } from '../../helpers/client/call-key.js';

const leftOutText = (leftOut: { operationId: string; reason: string }[]) => leftOut.map((l) => `${l.operationId}: ${l.reason}`).join('; ');

test(
  'an id one character away from a live object, or padded with a space, in other case, spaced inside or with a separator changed, names nothing on every operation that takes it in its path or body: refused, never served @assumption',
  rules('FD-OBJ-EXACT-ID', 'FD-OBJ-EXACT-ID-FORM', 'FD-OBJ-EXACT-ID-FOLD'),
  probeCheck(async ({ fdApi, world }) => {
    const { probes, leftOut } = nearIdProbes(FD_OBJECT_OPS, world.sample, world.objects, FD_BODY_IDS_UNRESOLVED);
    const violations = new Violations(NEAR_ID);
    await runProbes(fdApi, probes, violations);
    const folded = nearIdProbes(FD_OBJECT_OPS, world.sample, world.objects, FD_BODY_IDS_UNRESOLVED, foldedIds).probes;
    const foldings = new Violations(`${NEAR_ID} folded`);
    await runProbes(fdApi, folded, foldings);
    const probed = new Set(probes.map((p) => p.operation.operationId));
    return {
      violations: [violations, foldings],
      least: [['operations probed', probed.size, 1]],
      coverage: `financial-data ${NEAR_ID}: ${FD_OBJECT_OPS.length} operations take an object id; ${probed.size} probed with ${probes.length} near ids and ${folded.length} folded ids (${new Set(folded.map((p) => p.operation.operationId)).size} operations); ${leftOut.length} left out (${leftOutText(leftOut)})`,
      partial: leftOut.length
        ? `${NEAR_ID}: ${leftOut.length} operations left out, each with its reason in the security-coverage annotation`
        : undefined,
    };
  }),
);

test(
  'a child object named under another parent of the same partner is refused through every operation that names both',
  rules('FD-OBJ-OTHER-PARENT', 'FD-TXN-OWNER-404', 'FD-ASSET-OWNER@asset-pay'),
  probeCheck(async ({ fdApi, world }) => {
    const { probes, leftOut } = otherParentProbes(FD_OBJECT_OPS, world.sample, world.objects, world.otherParents);
    const violations = new Violations(OTHER_PARENT);
    await runProbes(fdApi, probes, violations);
    const pairs = leftOut.filter((l) => !l.reason.startsWith('names no child'));
    return {
      violations: [violations],
      coverage: `financial-data ${OTHER_PARENT}: ${FD_OBJECT_OPS.length} operations take an object id; ${new Set(probes.map((p) => p.operation.operationId)).size} probed (${probes.length} child-parent pairs); ${leftOut.length - pairs.length} name no child with its parent; left out: ${leftOutText(pairs) || 'none'}`,
      partial: pairs.length ? `${OTHER_PARENT}: ${pairs.length} child-parent pairs left out, each with its reason` : undefined,
    };
  }),
);

/** The operations naming an account with its customer. */
const ACCOUNT_OPS = FD_OBJECT_OPS.filter(
  (o) => o.ids.some((id) => id.resource === 'account') && o.ids.some((id) => id.resource === 'customer'),
);

/** Every refusal status an operation documents: the probe passes on any of them. */
const refusals = (p: Probe): Probe => ({
  ...p,
  documented: [400, 403, 404].filter((s) => p.operation.responses[String(s)] !== undefined),
});

// Every other account than the checkers' checking account, probed the same way (who may reach one does not depend on its type).
test(
  'every account of a customer, of every type and status, is refused through every operation naming it under another customer, and to another partner',
  rules('FD-OBJ-OTHER-PARENT', 'FD-OBJ-OTHER-PARTNER'),
  probeCheck(async ({ fd, fdApi, world, other }) => {
    // One account of each type and status, but the live world's checking account (the checkers' own).
    const kindOf = (a: { type: string; status: string }) => `${a.type}/${a.status}`;
    const accounts = world.entities.linked!.accounts.filter(
      (a, i, all) =>
        a.id !== world.objects.account && all.findIndex((b) => b.id !== world.objects.account && kindOf(b) === kindOf(a)) === i,
    );
    const kinds = new Set(accounts.map(kindOf));
    const parent = new Violations('other-parent');
    const partner = new Violations('other-partner');
    let probed = 0;
    // A probe whose request does not name the account is the same for every account: sent for the first only.
    const probeKey = (p: Probe) => callKey(p.operation, p.call);
    const firstUnderOther = firstOfEach(probeKey);
    const firstByOther = firstOfEach(probeKey);
    for (const account of accounts) {
      const objects = { ...world.objects, account: account.id, institutionLogin: String(account.institutionLoginId) };
      const named = (p: Probe) => ({ ...refusals(p), object: `${account.type} ${account.status} ${p.object}` });
      // Only the account under another customer: an operation's other pairs are the other-parent checker's.
      const underOther = otherParentProbes(ACCOUNT_OPS, world.sample, objects, world.otherParents)
        .probes.filter((p) => p.object.startsWith('account '))
        .filter(firstUnderOther);
      await runProbes(fdApi, underOther.map(named), parent);
      probed += underOther.length;
      if (other) {
        const byOther = otherPartnerProbes(ACCOUNT_OPS, world.sample, objects, fd.sparePartner!.partnerId, FD_EXEMPT).probes.filter(
          firstByOther,
        );
        await runProbes(fdApi, byOther.map(named), partner, other);
        probed += byOther.length;
      }
    }
    return {
      violations: [parent, partner],
      least: [['the linked portfolio holds accounts of several types', kinds.size, 3]],
      coverage: `financial-data account types: ${ACCOUNT_OPS.length} operations name an account with its customer; ${accounts.length} accounts (${[...kinds].join(', ')}); ${probed} probes`,
    };
  }, 'may'),
);

/** The value each sensitive member is sent with where its sample sends none: a run's test SSN, the sample account number and card code. */
const FILL = { SSN: TEST_SSNS[1], 'account number': SAMPLE_BANK_ACCOUNT.accountNumber, 'security code': SAMPLE_CARD.cvv } as const;

test(
  'no answer of any operation carries a sensitive input of the run in clear, in any member',
  rules('FD-OBJ-SENSITIVE'),
  probeCheck(async ({ fd, fdApi, world, other, tokens }) => {
    const inputs = new SensitiveInputs()
      .add('SSN', ...TEST_SSNS)
      .add('secret', fd.partner.partnerSecret, fd.sparePartner?.partnerSecret)
      .add('key', fd.appKey, await tokens.get());
    if (other) inputs.add('key', ...Object.values(other()).filter((v) => v !== fd.appKey));
    const probes: Probe[] = [];
    const carriers = new Set<string>();
    for (const operation of FD_CONTRACT.operations.values()) {
      const { ids } = objectIdsOf(FD_CONTRACT, operation);
      // Every sensitive member the contract declares is sent, the sample's or not: an answer can only echo what it was given.
      const call = withSensitiveMembers(FD_CONTRACT, operation, withObjects(world.sample({ operation, ids }), ids, world.objects), FILL);
      if (call.body !== undefined && sensitiveValuesIn(call.body).length) carriers.add(operation.operationId);
      for (const s of sensitiveValuesIn(call.body)) inputs.add(s.kind, s.value);
      // Any documented status: this checker judges what an answer carries, not which it is.
      probes.push({ operation, call, object: 'its sample', documented: Object.keys(operation.responses).map(Number) });
    }
    probes.sort((a, b) => (a.operation.method === 'DELETE' ? 1 : 0) - (b.operation.method === 'DELETE' ? 1 : 0));
    const violations = new Violations(SENSITIVE_VALUES);
    await runProbes(fdApi, probes, violations, undefined, (answer) => {
      checkAnswer(inputs, answer, violations);
      // A token the run is issued is a credential of the run from then on (CreateToken is its only documented carrier).
      const token = (answer.body as { token?: string } | undefined)?.token;
      if (answer.probe.operation.operationId === 'CreateToken' && token) inputs.add('key', token);
    });
    return {
      violations: [violations],
      coverage: `financial-data ${SENSITIVE_VALUES}: ${probes.length} operations' answers compared with ${inputs.size} sensitive inputs; ${carriers.size} operations sent one in the body (${[...carriers].join(', ')})`,
    };
  }, 'may'),
);
