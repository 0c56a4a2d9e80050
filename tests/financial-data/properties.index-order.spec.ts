// Covers: every reader whose contract orders an index by age (index-order.ts; provider 1.35.0
// StatementIndexParameter: 1 the most recent statement; seed 002, Limits: statements up to 24) keeps that
// order over its whole range on every version (FD-PROP-INDEX-ORDER); one account of each type. Reads only.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { INDEX_ORDER, indexOrderedReaders, indexOrderProblems } from '../../helpers/client/invariants/index-order.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { sampleOrReason } from './records.known.js';
import { FD_CONTRACT } from './security.known.js';
import { oneOfEachType } from './statements.known.js';
import { countRule, noteCoverage } from '../shared/property.js';

const ORDERED = indexOrderedReaders(FD_CONTRACT);
/**
 * A reader whose own rule states its order files a breach under that rule alone: the multiple statement
 * details, a higher index an earlier documentDate (provider 1.35.0 StatementIndexesParameter: FD-STMT-INDEX-ORDER).
 */
const OWN_ORDER_RULE: Record<string, string> = { GetCustomerAccountMultipleStatement: 'FD-STMT-INDEX-ORDER' };

test(
  'an index ordered by age dates each step older than the one below it, over its whole range, on every version of its reader',
  rules('FD-PROP-INDEX-ORDER', 'FD-STMT-INDEX-ORDER'),
  async ({ fd, fdApi, fdEntities, linkedCustomer }) => {
    const violations = new Violations(INDEX_ORDER);
    const checked: string[] = [];
    const leftOut: { operationId: string; reason: string }[] = [];
    const judged: string[] = [];
    for (const o of ORDERED) {
      const { operationId } = o.reader;
      if (!o.items) {
        leftOut.push({ operationId, reason: `its answer is no JSON list (a file): no member dates what ${o.index} gives` });
        continue;
      }
      const base = sampleOrReason(operationId, fd, fdEntities);
      if (typeof base === 'string') {
        leftOut.push({ operationId, reason: base });
        continue;
      }
      // Under an account: one account of each type of the linked customer (each type its own statements).
      const objects = o.reader.parameters.some((p) => p.in === 'path' && p.name === 'accountId')
        ? oneOfEachType(linkedCustomer).map(({ type, path }) => ({ what: type, call: { ...base, path } as CallOptions }))
        : [{ what: 'its sample', call: base }];
      let dated = 0;
      for (const { what, call } of objects) {
        const outcome = await indexOrderProblems(o, what, async (value) => {
          const res = await fdApi.callOperation(o.reader, { ...call, query: { ...(call.query ?? {}), [o.index]: value } });
          return { status: res.status, body: res.body };
        });
        dated += outcome.dated;
        for (const problem of outcome.problems)
          violations.add(
            operationId,
            `${o.index} ${o.values[0]}..${o.values.at(-1)}`,
            problem,
            'each step older',
            OWN_ORDER_RULE[operationId],
          );
      }
      if (!dated) {
        leftOut.push({ operationId, reason: `no item its answers listed carried ${o.date} (${objects.length} objects read)` });
        continue;
      }
      checked.push(operationId);
      judged.push(`${operationId} (${o.index} ${o.values[0]}..${o.values.at(-1)}, ${objects.length} objects, ${dated} dated)`);
    }
    countRule(INDEX_ORDER, 'FD-PROP-INDEX-ORDER', { applies: ORDERED.map((o) => o.reader.operationId), checked, exceptions: leftOut });
    noteCoverage(`index-ordered readers: ${judged.join('; ')}`);
    expect(checked.length, 'index-ordered readers checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);
