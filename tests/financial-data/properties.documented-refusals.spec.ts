// Covers: every documented refusal condition answers its documented body and code (FD-PROP-DOCUMENTED-REFUSAL;
// refusal-codes.ts), from every `x-codes` table (provider 1.35.0 examples: location lookup 10020, 10030; reseller billing
// 10100; small business report 10000, 10003; Connect 10010; authorization details 3003; recurring transactions and bundle
// 14001): each condition a request alone provokes; state conditions are properties.refusal-codes.spec.ts's.
import type { Operation } from '../../helpers/contract/contract.js';
import { expect, FD_CONTRACT, rules, sample, test } from '../../fixtures/financial-data.js';
import { codedConditionsOf, codedOperationsOf, codeIn, judgeCode, requestCaseOf } from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countRule } from '../shared/property.js';

const RULE = 'FD-PROP-DOCUMENTED-REFUSAL';
const PROPERTY = 'documented-refusals';
/** A condition the request alone provokes (the others need their object brought to a state). */
const ofRequest = (c: { with?: unknown; missing?: string; unresolved?: string }) => Boolean(c.with || c.missing || c.unresolved);

test('the tables tie each documented condition of the lookup and the billing to its code @provider', rules(RULE), () => {
  const codes = (id: string) =>
    codedConditionsOf(FD_CONTRACT)
      .filter((c) => c.operationId === id)
      .map((c) => [c.status, c.codes]);
  expect(codes('GetLocationMatches')).toEqual([
    [400, ['10020']],
    [400, ['10020']],
    [400, ['10030']],
  ]);
  expect(codes('getResellerBillingReport')).toEqual(Array.from({ length: 4 }, () => [400, ['10100']]));
  const rule = codedOperationsOf(FD_CONTRACT, undefined, 1).map((o) => o.operationId);
  expect(rule.sort()).toEqual([
    'GenerateConnectUrl',
    'GenerateFixConnectUrl',
    'GenerateLiteConnectUrl',
    'GenerateSBCAMetricsReport',
    'GetAccountDetailsByAccountId',
    'GetLocationMatches',
    'GetRecurringTransactions',
    'VerifyMicroAmountDeposits',
    'getCustomerAuthorizationDetails',
    'getRegisteredInstitutions',
    'getResellerBillingReport',
  ]);
});

test(
  'every condition a request provokes answers its documented status and code, from each operation’s valid call @provider',
  rules(RULE),
  async ({ fd, fdApi, fdEntities }, testInfo) => {
    const violations = new Violations(RULE);
    const all = codedConditionsOf(FD_CONTRACT);
    const checked: string[] = [];
    const exceptions: { operationId: string; reason: string }[] = [];
    const lines: string[] = [];
    const operations: Operation[] = codedOperationsOf(FD_CONTRACT, undefined, 1);
    for (const op of operations) {
      const conditions = all.filter((c) => c.operationId === op.operationId);
      const requested = conditions.filter(ofRequest);
      if (!requested.length) {
        exceptions.push({
          operationId: op.operationId,
          reason: 'each of its conditions is a state of its object: the refusal-codes check brings the object there and judges its code',
        });
        continue;
      }
      let valid: ReturnType<typeof sample>;
      try {
        valid = sample(op, fd, fdEntities);
      } catch (error) {
        exceptions.push({ operationId: op.operationId, reason: `no valid call: ${(error as Error).message}` });
        continue;
      }
      let sent = 0;
      for (const c of requested) {
        const call = requestCaseOf(FD_CONTRACT, c, valid);
        if (typeof call === 'string') {
          lines.push(`${op.operationId}: ${c.condition}: ${call} (not provoked)`);
          continue;
        }
        const res = await fdApi.callOperation(op, { ...call, refusal: true });
        sent++;
        lines.push(`${op.operationId}: ${c.condition} -> ${res.status} ${c.member} ${codeIn(res, c.member) ?? '(none)'}`);
        judgeCode(res, c, all, violations, true);
      }
      if (sent) checked.push(op.operationId);
      else exceptions.push({ operationId: op.operationId, reason: 'no condition of its table could be sent from its valid call' });
    }
    testInfo.annotations.push({ type: PROPERTY, description: lines.join('; ') });
    countRule(PROPERTY, RULE, { applies: operations.map((o) => o.operationId), checked, exceptions });
    expect(checked, 'the operations whose conditions a request provokes').toEqual(
      expect.arrayContaining(['GetLocationMatches', 'getResellerBillingReport', 'GenerateSBCAMetricsReport', 'GenerateConnectUrl']),
    );
    violations.expectNone(lines.join('\n'));
  },
);
