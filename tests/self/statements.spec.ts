// Covers: the statement index (schemas/<service>/statements.yaml, helpers/contract/statements.ts).
// Every statement of the documents is traced to the rules that check it, or says why none can; every
// rule of the catalogue rests on at least one statement. A statement with neither, a rule no statement
// names, an id named twice or a rule id the catalogue lacks fails here.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { objectIdOperations } from '../../helpers/contract/object-ids.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';
import { loadStatements } from '../../helpers/contract/statements.js';

/** The property rule each consequence is judged by, per service prefix (helpers/client/invariants/lasting.ts, survivors.ts, cascades.ts). */
const CONSEQUENCE_RULES = { lasts: 'PROP-LASTING', outlives: 'PROP-SURVIVOR', cascades: 'PROP-CASCADE' } as const;

for (const { name: service } of SERVICES) {
  test(`${service}: every statement traced to a rule or not checkable with its reason; every rule rests on a statement`, () => {
    const statements = loadStatements(service);
    expect(statements, `schemas/${service}/statements.yaml`).toBeDefined();
    const rules = new Set(loadRules(service).rules.map((r) => r.id));
    const ids = statements!.map((s) => s.id);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(twice, 'ids named twice').toEqual([]);
    const problems = statements!.flatMap((s) => [
      ...(!/^[A-Z]+-ST-[0-9]+$/.test(s.id) ? [`${s.id}: not an id of the form <SERVICE>-ST-<n>`] : []),
      ...(!s.from?.trim() || !s.says?.trim() ? [`${s.id}: says nothing, or not where`] : []),
      ...(!s.rules?.length && (s.notCheckable ?? '').trim().length < 10
        ? [`${s.id}: neither a rule nor a reason why none can check it`]
        : []),
      ...(s.rules ?? []).filter((r) => !rules.has(r)).map((r) => `${s.id}: rule ${r} is not in the catalogue`),
    ]);
    expect(problems).toEqual([]);
    // "no rule yet" (a check a target could be held to, none written) is no reason: every service has none left.
    const gaps = statements!.filter((s) => !s.rules?.length && /^no rule yet/i.test(s.notCheckable ?? '')).map((s) => s.id);
    expect(gaps, 'statements marked "no rule yet": write the rule, or give the true reason none can check it').toEqual([]);
    const named = new Set(statements!.flatMap((s) => s.rules ?? []));
    const unnamed = [...rules].filter((r) => !named.has(r));
    expect(unnamed, 'rules no statement names (each rule rests on a statement of the documents or of the reference page)').toEqual([]);
  });
}

// A consequence a statement states names operations of its contract and resources its operations take
// (helpers/contract/object-ids.ts), and the statement cites the rule of the property that judges it.
for (const { name: service } of SERVICES) {
  test(`${service}: every consequence a statement states names the contract's operations and resources and cites its property's rule`, async () => {
    const contract = await loadContract(service);
    const resources = new Set(objectIdOperations(contract).flatMap((o) => o.ids.map((id) => id.resource)));
    const known = (operationId: string) => contract.operations.has(operationId);
    const problems = (loadStatements(service) ?? []).flatMap((s) => [
      ...(s.lasts && !known(s.lasts.by) ? [`${s.id}: lasts.by ${s.lasts.by} is no operation`] : []),
      ...(s.lasts && !resources.has(s.lasts.object) ? [`${s.id}: lasts.object ${s.lasts.object} is no resource an operation takes`] : []),
      ...[s.outlives ?? []]
        .flat()
        .flatMap((o) => [o.object, o.parent])
        .filter((r) => !resources.has(r))
        .map((r) => `${s.id}: outlives names ${r}, no resource an operation takes`),
      ...(s.cascades && !known(s.cascades) ? [`${s.id}: cascades ${s.cascades} is no operation`] : []),
      ...(Object.keys(CONSEQUENCE_RULES) as (keyof typeof CONSEQUENCE_RULES)[])
        .filter((kind) => s[kind] && !(s.rules ?? []).some((r) => r.endsWith(CONSEQUENCE_RULES[kind])))
        .map((kind) => `${s.id}: states ${kind} but cites no ${CONSEQUENCE_RULES[kind]} rule`),
    ]);
    expect(problems).toEqual([]);
  });
}
