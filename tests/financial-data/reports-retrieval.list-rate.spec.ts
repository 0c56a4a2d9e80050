// Covers: GetReportsByCustomerId, GetReportsByConsumerId - whose allowance a list call spends (seed
// 002, Report retrieval: too many list calls are a 429, no limit stated; this contract's assumption,
// components/reports-retrieval.yaml TooManyReportLists: 20 calls per customer, or per consumer,
// within 60 seconds). reports-retrieval.lists.spec.ts checks the limit and its window on each list;
// here, that the allowance spent is the customer's (or the consumer's) own: once one list is refused,
// another customer's list, another consumer's list and the other list of the same customer are served.
import { expect, expectFdError, rules, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { customerWithConsumer } from './reports-retrieval.known.js';

type Who = { customerId: string; consumerId: string };
const LISTS = [
  { op: 'GetReportsByCustomerId', path: (w: Who) => ({ customerId: w.customerId }), at: 'customer-list' },
  { op: 'GetReportsByConsumerId', path: (w: Who) => ({ consumerId: w.consumerId }), at: 'consumer-list' },
] as const satisfies readonly { op: FdOperationId; path: (w: Who) => Record<string, string>; at: string }[];

test(
  "a customer's or consumer's spent list allowance is its own: the other list of the same customer and every list of another are served meanwhile @assumption",
  rules(...LISTS.flatMap((l) => [`FD-REPORT-LIST-RATE:accept@${l.at}`, `FD-REPORT-LIST-RATE:refuse@${l.at}`])),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const wrong: string[] = [];
    for (const spent of LISTS) {
      const who = await customerWithConsumer(fdApi, createCustomer);
      const other = await customerWithConsumer(fdApi, createCustomer);
      for (let i = 1; i <= 20; i++)
        expect((await fdApi.call(spent.op, { path: spent.path(who) } as never)).status, `${spent.op} call ${i} of 20`).toBe(200);
      expectFdError(
        await fdApi.call(spent.op, { path: spent.path(who), rateLimit: 'expect' } as never),
        429,
        `${spent.op}: the 21st call within 60 s`,
      );
      const meanwhile = [
        ...LISTS.filter((l) => l !== spent).map((l) => ({ what: `${l.op} of the same customer`, op: l.op, path: l.path(who) })),
        ...LISTS.map((l) => ({ what: `${l.op} of another customer`, op: l.op, path: l.path(other) })),
      ];
      // Served meanwhile: a sandbox's request throttle is waited out as on any call (only the 21st
      // reads a 429 as its answer), or its 429 would read as this allowance refusing another's list.
      for (const m of meanwhile) {
        const res = await fdApi.call(m.op, { path: m.path } as never);
        if (res.status !== 200) wrong.push(`${spent.op} spent: ${m.what} answered ${res.status}`);
      }
      // The window passes before the next list is spent (reports-retrieval.lists.spec.ts: 60 seconds):
      // the mock's clock moves, a sandbox's minute is waited out.
      await fdPowers.advanceClock(60);
    }
    expect(wrong, "each allowance is one customer's or one consumer's").toEqual([]);
  },
);
