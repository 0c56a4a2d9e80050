// Covers: every operation of the financial data contract, sent as its sample with the live objects
// (tests/financial-data/security.known.ts), every value of every answer compared with the run's
// sensitive inputs: the SSNs of the test consumers, the account numbers sent, the partners' secrets,
// the app key and both partners' tokens, wherever they sit in the answer (seed 002, Consumers: SSN
// last four only; Authentication: keys, secrets and tokens are credentials, never data). The
// checker is helpers/client/security/sensitive-values.ts.
import { expect, FD_CONTRACT, rules, TEST_SSNS, test } from '../../fixtures/financial-data.js';
import { checkAnswer, SENSITIVE_VALUES, SensitiveInputs, withSensitiveMembers } from '../../helpers/client/security/sensitive-values.js';
import { runProbes, Violations, withObjects, type Probe } from '../../helpers/client/security/probe.js';
import { sensitiveValuesIn } from '../../helpers/secrets/sensitive.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { liveWorld, spareAuth } from './security.known.js';
import { SAMPLE_BANK_ACCOUNT, SAMPLE_CARD } from '../../fixtures/examples/fd-samples/connect.js';

/**
 * The value each sensitive member a request body declares is sent with where its sample sends none
 * (withSensitiveMembers): a test SSN of the run, the sample bank account number and card code.
 */
const FILL = { SSN: TEST_SSNS[1], 'account number': SAMPLE_BANK_ACCOUNT.accountNumber, 'security code': SAMPLE_CARD.cvv } as const;

test(
  'no answer of any operation carries a sensitive input of the run in clear, in any member',
  rules('FD-OBJ-SENSITIVE'),
  async ({ fd, fdApi, fdPowers, fdTokens }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const other = await spareAuth(fdApi, fd);
    const inputs = new SensitiveInputs()
      .add('SSN', ...TEST_SSNS)
      .add('secret', fd.partner.partnerSecret, fd.sparePartner?.partnerSecret)
      .add('key', fd.appKey, await fdTokens.get());
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
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${SENSITIVE_VALUES}: ${probes.length} operations' answers compared with ${inputs.size} sensitive inputs; ${carriers.size} operations sent one in the body (${[...carriers].join(', ')})`,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
