// Covers: a successful write changes only what it names (IN-PROP-WRITE-SCOPE; helpers/client/invariants/write-scope.ts)
// on every writer: the plans and lists beside the one named read as before; a state writer is sent each way. A card's plans
// decided before its deregistration read the same decision after it (IN-PROP-LASTING).
import { expect, loadContract, rules, test, type InstallmentsOperationId, skipWithout } from '../../fixtures/installments.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import {
  checkWriteScope,
  otherStateCall,
  scopeReaders,
  type ScopeRead,
  WRITE_SCOPE,
  twinOf,
  type ScopeProbe,
} from '../../helpers/client/invariants/write-scope.js';
import { isRead, writersOfContract } from '../../helpers/client/invariants/kit.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { countRule } from '../shared/property.js';
import { withDecision } from '../../fixtures/examples/installments.js';
import { stateReadersOf } from '../../helpers/client/invariants/refusals.js';
import { verdictOn2xx } from '../../helpers/client/invariants/after-write.js';
import { lastingAnswer } from '../../helpers/client/invariants/lasting.js';

const contract = await loadContract('installments');
const WRITERS = writersOfContract(contract);
const RULES = loadRules('installments').rules;

/** The query of a call with each boolean query parameter of the writer set the other way, one form per parameter the call sends. */
function otherFlagForms(
  writer: { parameters: { in: string; name: string; schema?: unknown }[] },
  call: CallOptions,
): NonNullable<CallOptions['query']>[] {
  const query = call.query ?? {};
  return writer.parameters
    .filter(
      (p) => p.in === 'query' && (p.schema as { type?: string } | undefined)?.type === 'boolean' && typeof query[p.name] === 'boolean',
    )
    .map((p) => ({ ...query, [p.name]: !query[p.name] }));
}

skipWithout('eligiblePan');

test(
  'a write that succeeds leaves every plan it does not name as it was @assumption',
  rules('IN-PROP-WRITE-SCOPE', 'IN-PROP-LASTING'),
  async ({ inst, instApi, instReq }) => {
    // Siblings made before and after the named plan; a fourth left open (IN-ST-13: an approval decides the plan it names).
    const plans = [];
    for (let i = 0; i < 4; i++) plans.push((await instReq.createPlan(instApi)).planId);
    const siblings: Record<string, string[]> = { plan: [plans[0]!, plans[2]!] };
    const open: Record<string, string[]> = { plan: [plans[3]!] };
    // Two PAN lists sharing a card; their cards read through offers (IN-STATE-PAN-ELIGIBLE): offered while a list holds them.
    const [namedCard, keptCard, otherCard, newCard] = [instReq.listPan(), instReq.listPan(), instReq.listPan(), instReq.listPan()];
    // A card of the named list only, whose plans outlive its deregistration (the survivors scenario below).
    const goneCard = instReq.listPan();
    const { panListId: panList } = await instReq.newList(instApi, 'Scope list', [namedCard, keptCard, goneCard]);
    const { panListId: otherList } = await instReq.newList(instApi, 'Scope sibling', [otherCard, namedCard]);
    const batch: Record<string, string[]> = { deregisterPans: [namedCard, otherCard], registerPans: [newCard] };
    const objects = { plan: plans[1]!, panList };
    /** Moves the mock's clock on past an asynchronous landing (the mock's own wait, well passed). */
    const landed = () => inst.control!.advanceClock(60);
    const probes: ScopeProbe[] = [];
    const exceptions: PropertyException[] = [];
    for (const writer of WRITERS) {
      const { operationId } = writer;
      let call = (await instReq.sampleCall(operationId as InstallmentsOperationId).catch((error: Error) => error)) as CallOptions | Error;
      if (call instanceof Error || call.baseURL) {
        exceptions.push({
          operationId,
          reason:
            call instanceof Error
              ? `no sample call (${call.message.split('\n')[0]})`
              : "served by the issuer's endpoint, not by the target",
        });
        continue;
      }
      if (operationId === 'savePlan') {
        // A selection names an offer the service made: a fresh offers call's first (as the after-write check sends it).
        call = await instReq.selectionCall(instApi);
      }
      const ids = objectIdsOf(contract, writer).ids;
      // A batch writer names the list and one card, encrypted (provider 2.0.0: the client encrypts sensitiveData), each of its cards in turn.
      const carded = (
        await Promise.all(
          (batch[operationId] ?? []).map(async (pan) => ({
            body: { panListId: panList, ...(await instReq.sensitive({ pans: [{ pan }] })) },
          })),
        )
      ).filter((c) => contract.requestValidatorOf(operationId)?.(c.body));
      const named = carded[0] ?? withObjects(call, ids, objects);
      const { named: resource, own } = scopeReaders(contract, writer);
      const others = resource ? (siblings[resource] ?? []) : [];
      const reads: ScopeRead[] = [];
      // Where no GET reads what it names, the operations a state rule judges it by, for each card it does not name.
      if (batch[operationId])
        for (const operation of stateReadersOf(contract, RULES, writer)) {
          const sample = (await instReq.sampleCall(operation.operationId as InstallmentsOperationId)) as CallOptions;
          for (const [pan, object] of [
            [keptCard, 'a card of the named list it does not name'],
            [namedCard, 'a card another PAN list holds too'],
            [otherCard, 'a card of another PAN list only'],
          ] as const)
            reads.push({ operation, call: { ...sample, body: await instReq.offersBody(pan) }, object });
        }
      for (const operation of own.filter(isRead)) {
        const sample = (await instReq.sampleCall(operation.operationId as InstallmentsOperationId)) as CallOptions;
        for (const [id, object] of [
          ...others.map((id) => [id, `${resource} ${id}`]),
          ...(open[resource!] ?? []).map((id) => [id, `${resource} ${id}, open: no write has reached it`]),
        ])
          reads.push({ operation, call: withObjects(sample, objectIdsOf(contract, operation).ids, { [resource!]: id }), object });
      }
      if (!reads.length) {
        exceptions.push({
          operationId,
          reason: resource
            ? `the check makes no other ${resource} beside the one it names`
            : 'it names no object whose siblings a reader reads',
        });
        continue;
      }
      // The object the write names, read before and after (not compared), so the answer judge judges it too.
      const namedId = resource ? (objects as Record<string, string | undefined>)[resource] : undefined;
      if (resource && namedId !== undefined && ids.some((id) => id.resource === resource))
        for (const operation of own.filter(isRead)) {
          const sample = (await instReq.sampleCall(operation.operationId as InstallmentsOperationId)) as CallOptions;
          const call = withObjects(sample, objectIdsOf(contract, operation).ids, { [resource]: namedId });
          reads.unshift({ operation, call, object: `${resource} ${namedId}`, own: true });
        }
      const toOther = otherStateCall(contract, writer, named);
      const at = (state: CallOptions) => others.map((id) => withObjects(state, ids, { [resource!]: id }));
      // A create the contract lets make twins (no 409: a plan) has the ones its own call made just before as siblings.
      const twins = twinOf(contract, writer, named);
      // The named object too is first moved the other way: each direction then changes it.
      if (carded.length > 1) for (const c of carded) probes.push({ writer, call: c, reads });
      else if (!toOther) probes.push({ writer, call: named, reads, twins });
      else
        probes.push(
          { writer, call: named, reads, prepare: [...at(toOther), toOther] },
          { writer, call: toOther, reads, prepare: [...at(named), named] },
        );
      // Each other value of a boolean query parameter (provider 2.0.0 planApproval 202: lands later), read once landed.
      if (carded.length <= 1)
        for (const query of inst.control ? otherFlagForms(writer, named) : [])
          for (const call of [named, ...(toOther ? [toOther] : [])])
            probes.push({ writer, call: { ...call, query }, reads, settle: landed });
    }
    const violations = new Violations(WRITE_SCOPE);
    const outcome = await checkWriteScope(instApi, probes, violations, undefined, 'IN-PROP-WRITE-SCOPE');
    // The documented scenario "a parent deleted", as a fixed example: a deregistration takes cards out of a list and nothing else
    // (seed 001, Endpoints; provider 2.0.0 deregisterPans: the pans removed from the pan list; IN-ST-13), so the plans selected
    // with a card outlive its leaving its last list. Plans of the card: one of each decision decided before the deregistration
    // (approved and declined synchronously; approved asynchronously where the mock's clock lets it land) and two open ones. The
    // card's deregistration is a write-scope probe reading the approved plan through both readers and an open one, member by
    // member; each decided plan's decision (getPlan's status and rejectReasonCode, getPlanApprovalStatus's status) is read right
    // after it and again after the deregistration: a decision has no end (IN-PROP-LASTING: IN-ST-6, IN-ST-71, seed 001 States).
    // Then each open plan's first decision, approve and decline, is answered a success as for any plan (provider 2.0.0
    // planApproval: the plan its planId names is decided, the PAN lists not consulted). 37 exchanges a run on the mock
    // (30 on a sandbox: no asynchronous plan).
    const decided: { planId: string; status: 'APPROVED' | 'DECLINED'; sync: boolean }[] = [
      { planId: '', status: 'APPROVED', sync: true },
      { planId: '', status: 'DECLINED', sync: true },
      ...(inst.control ? [{ planId: '', status: 'APPROVED' as const, sync: false }] : []),
    ];
    const survivors: string[] = [];
    for (let i = 0; i < decided.length + 2; i++) {
      const from = await instReq.offersOf(instApi, {}, undefined, goneCard);
      const made = await instApi.call('savePlan', { body: await instReq.selectionOf(from, from.body.offers[0]!), valid: true });
      survivors.push(String(made.body.planId));
    }
    // A decision as the sample sends it (provider 2.0.0 PlanApprovalParameters), of the plan named; sync true unless told.
    const decision = (planId: string, status: string, sync = true) => ({
      query: { sync },
      body: withDecision({ planId, status }),
      valid: true as const,
    });
    const undecided = survivors.splice(0, 2);
    for (const [i, d] of decided.entries()) {
      d.planId = survivors[i]!;
      await instApi.call('planApproval', decision(d.planId, d.status, d.sync));
    }
    // An asynchronous decision lands a few seconds later (the mock's choice): read once it has.
    if (decided.some((d) => !d.sync)) await landed();
    /** A decided plan as each reader shows its decision: the status and the reject reason (a thrown verdict of the client kept). */
    const decisionRead = async (operationId: 'getPlan' | 'getPlanApprovalStatus', planId: string) => {
      const res = await instApi.call(operationId, { path: { plan_id: planId } }).catch((error: Error) => {
        const verdict = verdictOn2xx(error);
        if (verdict === undefined) throw error;
        return { status: 200, body: { verdict } as Record<string, unknown> };
      });
      const body = (res.body ?? {}) as Record<string, unknown>;
      return JSON.stringify({ ...lastingAnswer(res.status, body), reason: body.rejectReasonCode, verdict: body.verdict });
    };
    const decisionReaders = ['getPlan', 'getPlanApprovalStatus'] as const;
    const decisionsBefore = new Map<string, string>();
    for (const d of decided)
      for (const reader of decisionReaders) decisionsBefore.set(`${reader} ${d.planId}`, await decisionRead(reader, d.planId));
    const planRead = (operationId: 'getPlan' | 'getPlanApprovalStatus', planId: string, what: string): ScopeRead => ({
      operation: contract.operation(operationId),
      call: { path: { plan_id: planId } },
      object: `plan ${planId}, ${what}, selected with the card the write takes out of its last list`,
    });
    const deregistration = contract.operation('deregisterPans');
    // The decided plan's decision leaves (its status, its reject reason) are judged once, by IN-PROP-LASTING below; every other
    // member of the probe's reads is the write scope's.
    const survivorScope = new Violations(WRITE_SCOPE);
    await checkWriteScope(
      instApi,
      [
        {
          writer: deregistration,
          call: { body: { panListId: panList, ...(await instReq.pansOf(goneCard)) } },
          reads: [
            planRead('getPlan', decided[0]!.planId, 'approved'),
            planRead('getPlanApprovalStatus', decided[0]!.planId, 'approved'),
            planRead('getPlan', undecided[0]!, 'open'),
          ],
        },
      ],
      survivorScope,
      undefined,
      'IN-PROP-WRITE-SCOPE',
    );
    for (const v of survivorScope.list)
      if (!(v.object.includes(`of plan ${decided[0]!.planId},`) && /^body\.(status|rejectReasonCode):/.test(v.received)))
        violations.list.push(v);
    for (const d of decided)
      for (const reader of decisionReaders) {
        const was = decisionsBefore.get(`${reader} ${d.planId}`)!;
        const now = await decisionRead(reader, d.planId);
        if (now !== was)
          violations.add(
            reader,
            `plan ${d.planId} ${d.status} (sync ${d.sync}), read right after its decision and again once its card left its last PAN list (IN-PROP-LASTING)`,
            `${was} then ${now}`,
            'the same decision: IN-ST-6, IN-ST-71 (seed 001, States) give a decided plan no end, and a deregistration takes cards out of a list only',
            'IN-PROP-LASTING',
          );
      }
    for (const [planId, status] of [
      [undecided[0]!, 'APPROVED'],
      [undecided[1]!, 'DECLINED'],
    ] as const) {
      const decided = await instApi.call('planApproval', decision(planId, status));
      if (decided.status < 200 || decided.status >= 300)
        violations.add(
          'planApproval',
          `${status === 'APPROVED' ? 'an approval' : 'a decline'} of the open plan ${planId}, selected with a card since taken out of its last list (IN-PROP-WRITE-SCOPE)`,
          `${decided.status} ${decided.text.slice(0, 160)}`,
          'decided as any plan: a deregistration takes cards out of a list, not the plans made with them',
          'IN-PROP-WRITE-SCOPE',
        );
    }
    // A guest on a sandbox: the lists' cards are taken out again (the contract deletes no list itself).
    for (const [id, pans] of [
      [panList, [namedCard, keptCard, newCard]],
      [otherList, [otherCard, namedCard]],
    ] as const)
      await instApi.call('deregisterPans', { body: { panListId: id, ...(await instReq.pansOf(...pans)) } });
    for (const r of outcome.refused)
      exceptions.push({ operationId: r.operationId, reason: `its sample answered ${r.status}: nothing it changed` });
    countRule(WRITE_SCOPE, 'IN-PROP-WRITE-SCOPE', { applies: WRITERS.map((w) => w.operationId), checked: outcome.checked, exceptions });
    expect(outcome.checked.length, 'writers whose siblings were read').toBeGreaterThan(0);
    violations.expectNone();
  },
);
