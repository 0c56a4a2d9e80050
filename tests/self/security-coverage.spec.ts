// Covers: the security-property checkers (helpers/client/security/) over every operation that takes
// an object id (helpers/contract/object-ids.ts), per service: every id name of the contracts is in
// the vocabulary; every such operation is probed by each checker that applies, or left out with a
// written reason; the catalogue's operation lists are the ones the checkers probe. The counts are
// annotated on each test (the security-coverage annotation), as the certification reads them.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { objectIdOperations, unnamedIds } from '../../helpers/contract/object-ids.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { readOnlyPairs } from '../../helpers/client/security/read-only.js';
import { fdCoverage, SECURITY_RULE_OF } from './security-coverage.known.js';

const SERVICES = ['card-enrollment', 'installments', 'financial-data'] as const;

/**
 * Resources no documented delete of financial data removes, with the source that says so: an
 * operation that names only these (and catalogue ids) is not probed after a delete.
 */
const OUTLIVE_EVERY_DELETE: Record<string, string> = {
  consumer: 'seed 002, Resources: a consumer persists as owner of generated reports after the customer is deleted',
  business:
    'seed 002 says nothing of a business after its customer is deleted (another partner is still refused it: the DeleteCustomer check)',
  report: 'seed 002, Resources: reports persist with their consumer after the customer is deleted',
  portfolio: 'seed 002, Resources: reports (and so their portfolios) persist with their consumer',
  application: 'the contract documents no delete of an application',
  appRegistration: 'the contract documents no delete of an app registration',
  partner: 'the contract documents no delete of a partner',
  institution: 'a catalogue entry: no caller deletes it',
  routingNumber: 'a catalogue entry: no caller deletes it',
  switchExternal: 'the contract documents no delete of a switch',
  depositSwitch: 'the contract documents no delete of a switch',
  billPaySwitch: 'the contract documents no delete of a switch',
  // provider 1.42.0 (FD_CONTRACT_VERSION=1.42.0)
  dataSharingConsent: 'provider 1.42.0: a revoked consent still reads, its status changed (no delete removes it)',
  transactionRefresh: 'provider 1.42.0 documents no delete of a transaction refresh',
  experience: 'a catalogue entry of the partner: the contract documents no delete of an experience',
};

/**
 * Why the installments and card enrollment contracts have no partner-, parent- or delete-based
 * probe: their sources name no owner among callers and no delete of an object.
 */
const NOT_APPLICABLE: Record<string, Record<string, string>> = {
  installments: {
    'other-partner':
      'seed 001 and reference/installments.md name no owner of a plan or PAN list among callers: one signing consumer key per role (a key not allowed for an operation is a 403, checked by auth.signing.spec.ts)',
    'other-parent': 'no installments id hangs under another in a request (a plan id and a PAN list id stand alone)',
    'after-delete':
      'the contract documents no delete of a plan; deregisterPans removes PANs from a list, whose only reader is the registration count (pan-lists.counts.spec.ts)',
  },
  'card-enrollment': {
    'other-partner':
      "putCard takes no object id: the enrollment is made and never read back; another client's srcClientId is a 403 (reference A2, enroll-card.auth.spec.ts)",
  },
};

for (const service of SERVICES) {
  test(`${service}: every id name the contract uses is in the object-id vocabulary`, async () => {
    const contract = await loadContract(service);
    expect(
      unnamedIds(contract),
      'id names helpers/contract/object-ids.ts does not know (add each to VOCABULARY or NOT_OBJECT_IDS)',
    ).toEqual([]);
    const ops = objectIdOperations(contract);
    test.info().annotations.push({
      type: 'security-coverage',
      description: `${service}: ${ops.length} of ${contract.operations.size} operations take an object id; read-only pairs: ${readOnlyPairs(contract).length}; ${Object.entries(
        NOT_APPLICABLE[service] ?? {},
      )
        .map(([c, why]) => `${c}: none (${why})`)
        .join('; ')}`,
    });
  });
}

test('financial data: every operation that takes an object id is probed by the other-partner checker or left out with a written reason', async () => {
  const contract = await loadContract('financial-data');
  const ops = objectIdOperations(contract);
  const [partner] = fdCoverage(contract);
  const probed = new Set(partner.operations);
  const reasons = new Map(partner.leftOut.map((l) => [l.operationId, l.reason]));
  const unexplained = ops.map((o) => o.operation.operationId).filter((id) => !probed.has(id) && !reasons.has(id));
  expect(unexplained, 'operations neither probed nor left out').toEqual([]);
  // "no live ..." is no reason: the live world (tests/financial-data/security.known.ts) must make an object of every resource.
  const noLive = partner.leftOut.filter((l) => l.reason.startsWith('no live'));
  expect(noLive, 'left out for want of a live object').toEqual([]);
  test.info().annotations.push({
    type: 'security-coverage',
    description: `financial-data other-partner: ${ops.length} take an object id, ${probed.size} probed, ${reasons.size} left out: ${partner.leftOut.map((l) => `${l.operationId} (${l.reason})`).join('; ')}`,
  });
});

test('financial data: every operation that takes an object id is probed after a delete, or names only what no documented delete removes', async () => {
  const contract = await loadContract('financial-data');
  const ops = objectIdOperations(contract);
  const coverage = fdCoverage(contract);
  const afterDelete = new Set(coverage.find((c) => c.checker === 'after-delete')!.operations);
  const unexplained = ops
    .filter((o) => !afterDelete.has(o.operation.operationId))
    .filter((o) => o.ids.some((id) => !OUTLIVE_EVERY_DELETE[id.resource]))
    .map((o) => `${o.operation.operationId} (${o.ids.map((id) => id.resource).join(', ')})`);
  expect(unexplained, 'operations naming a deletable object that no after-delete probe reaches').toEqual([]);
  const parent = coverage.find((c) => c.checker === 'other-parent')!;
  expect(parent.leftOut, 'child-parent pairs left out').toEqual([]);
  test.info().annotations.push({
    type: 'security-coverage',
    description: `financial-data: ${ops.length} take an object id; ${coverage.map((c) => `${c.checker} ${c.operations.length}`).join(', ')}; not probed after a delete: ${ops.length - afterDelete.size} (naming only ${Object.keys(OUTLIVE_EVERY_DELETE).join(', ')})`,
  });
});

test('financial data: the security rules name exactly the operations their checkers probe', async () => {
  const contract = await loadContract('financial-data');
  const rules = new Map(loadRules('financial-data').rules.map((r) => [r.id, r]));
  const ruleOf = SECURITY_RULE_OF;
  for (const c of fdCoverage(contract)) {
    expect([...(rules.get(ruleOf[c.checker])?.operations ?? [])].sort(), `${ruleOf[c.checker]}: operations`).toEqual(
      [...c.operations].sort(),
    );
  }
});
