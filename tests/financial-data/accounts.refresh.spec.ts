// Covers: RefreshCustomerAccounts(V2) and RefreshCustomerAccountsByInstitutionLogin(V2), read back through
// GetCustomerAccount - seed 002, Accounts: v1 answers 200 (provider 1.35.0 RefreshCustomerAccountsResponse),
// v2 204; "completion is seen as an updated aggregation attempt date on the account"; a refresh by login
// leaves the other logins alone. Dates: provider 1.35.0 UnixDate. Each check links a customer of its own.
import { underRule } from '../../helpers/client/annotations.js';
import type { WriteOutcome } from '../../helpers/client/invariants/after-write.js';
import { checkAnswerIsState } from '../../helpers/client/invariants/answer-state.js';
import { volatileLeaves } from '../../helpers/client/invariants/kit.js';
import { Violations } from '../../helpers/client/security/probe.js';
import {
  expect,
  expectEpochSecondsNear,
  expectToBe,
  ownLinkedCustomer,
  rules,
  test,
  type LinkedCustomer,
  type OperationClient,
} from '../../fixtures/financial-data.js';

/** Seconds the clock moves on before the refresh: more than the second a date is counted in, short enough to wait in real time. */
const ADVANCE_S = 5;
/** The rule a v1 refresh's answer is judged under: the accounts it refreshed, as they are (seed 002, Accounts). */
const REFRESH_V1 = 'FD-ACCT-REFRESH-V1';
const VARIANTS = [
  { path: 'acct-refresh-customer', op: 'RefreshCustomerAccounts', byLogin: false, v1: true },
  { path: 'acct-refresh-customer-v2', op: 'RefreshCustomerAccountsV2', byLogin: false, v1: false },
  { path: 'acct-refresh-login', op: 'RefreshCustomerAccountsByInstitutionLogin', byLogin: true, v1: true },
  { path: 'acct-refresh-login-v2', op: 'RefreshCustomerAccountsByInstitutionLoginV2', byLogin: true, v1: false },
] as const;

/** Each account's aggregation attempt date, read through GetCustomerAccount; `bodies` keeps each read whole. */
async function attemptDates(fdApi: OperationClient, c: LinkedCustomer, bodies?: Map<string, unknown>): Promise<Map<string, number>> {
  const dates = new Map<string, number>();
  for (const a of c.accounts) {
    const res = await fdApi.call('GetCustomerAccount', { path: { customerId: c.customerId, accountId: a.id } });
    expectToBe(res.status, 200, `GetCustomerAccount of account ${a.id}`);
    dates.set(a.id, res.body.aggregationAttemptDate);
    bodies?.set(a.id, res.body);
  }
  return dates;
}

/**
 * A v1 refresh's answered accounts against GetCustomerAccount right after (`after`), by the after-write property's judgement
 * (answer-state.ts checkAnswerIsState: a writer answers the state a read right after it shows), every member both show, the
 * aggregation attempt date included (seed 002, Accounts: completion is seen as an updated aggregation attempt date; provider
 * 1.35.0 RefreshCustomerAccountsResponse, the accounts refreshed). Each account was read before the refresh (attemptDates), so
 * an answer built from the records as read before it shows apart. A member found apart is read once more: one moving on its own
 * between two reads is not the answer's (only then is a call added).
 */
async function answeredAsRead(
  fdApi: OperationClient,
  c: LinkedCustomer,
  op: string,
  answer: { accounts?: unknown[] },
  after: Map<string, unknown>,
  violations: Violations,
): Promise<void> {
  const writer = fdApi.contract.operation(op as never);
  const reader = fdApi.contract.operation('GetCustomerAccount');
  for (const rec of (answer.accounts ?? []) as Record<string, unknown>[]) {
    const body = after.get(String(rec.id));
    if (body === undefined) continue;
    const outcome = (read: unknown, volatile: Set<string>): WriteOutcome => ({
      probe: { writer, call: {} },
      status: 200,
      answer: rec,
      read: { reader, status: 200, body: read, volatile },
      judged: [],
    });
    const found = new Violations(REFRESH_V1);
    checkAnswerIsState([outcome(body, new Set())], found);
    if (!found.list.length) continue;
    const again = await fdApi.call('GetCustomerAccount', { path: { customerId: c.customerId, accountId: String(rec.id) } });
    checkAnswerIsState([outcome(body, again.status === 200 ? volatileLeaves(body, again.body) : new Set())], violations);
  }
}

for (const v of VARIANTS) {
  const citations = [
    `FD-ACCT-REFRESH-${v.v1 ? 'V1' : 'V2'}@${v.path}`,
    `FD-ACCT-REFRESH-DATE@${v.path}`,
    'FD-ACCT-DATES',
    ...(v.byLogin ? [`FD-ACCT-REFRESH-SCOPE@${v.path}`] : []),
    ...(v.v1 ? [`FD-ACCT-NUMBER-DISPLAY@${v.path}`] : []),
  ];

  test(
    `${v.op} answers ${v.v1 ? '200 with the accounts it refreshed' : '204'} and moves their aggregationAttemptDate to the refresh time${v.byLogin ? ", no other login's" : ''}`,
    rules(...citations),
    async ({ fdApi, fd, fdPowers, createCustomer }) => {
      const c = await ownLinkedCustomer(fdPowers, createCustomer);
      const login = c.logins.find((l) => l.institutionId === '101732')!;
      const scope = v.byLogin ? c.accounts.filter((a) => a.institutionLoginId === login.id) : c.accounts;
      const before = await attemptDates(fdApi, c);
      await fdPowers.advanceClock(ADVANCE_S);
      const nowS = Math.floor(fd.now() / 1000);
      const path = { customerId: c.customerId, ...(v.byLogin ? { institutionLoginId: String(login.id) } : {}) };
      // seed 002: the v1 refresh by login takes a from and a to date (provider fromDate / toDate, epoch seconds).
      const query = v.byLogin && v.v1 ? { fromDate: nowS - 90 * 86_400, toDate: nowS } : undefined;
      const res = await fdApi.call(v.op, { path, query });
      // The accounts whose display is not the linked one (an assumption), judged last: the seed's judgements run first.
      const displayedOtherwise: string[] = [];
      if (v.v1) {
        expect(res.status).toBe(200);
        const answered = (res.body.accounts as any[]).map((a) => String(a.id));
        // Exactly the accounts refreshed: every active one of the scope, nothing outside it.
        const stray = answered.filter((id) => !scope.some((a) => a.id === id));
        expect(stray, 'accounts outside the refreshed scope').toEqual([]);
        const offending = scope.filter((a) => a.status === 'active' && !answered.includes(a.id)).map((a) => a.id);
        expect(offending, 'active accounts of the scope missing').toEqual([]);
        for (const rec of res.body.accounts as any[]) {
          const a = c.accounts.find((x) => x.id === String(rec.id))!;
          // provider 1.35.0 CustomerAccount.number may show the whole number or some digits masked: only the display is judged.
          if (rec.accountNumberDisplay !== a.numberLast4) displayedOtherwise.push(String(rec.id));
        }
      } else expect({ status: res.status, body: res.text }).toEqual({ status: 204, body: '' });
      const read = new Map<string, unknown>();
      const after = await attemptDates(fdApi, c, read);
      if (v.v1) {
        // The answer as the reads right after it show each account (answeredAsRead), then the documented repeated call: the same
        // refresh again at once is a refresh as the first (seed 002, Accounts: v1 answers 200 with the accounts it refreshed; it
        // states no refusal nor a quieter answer of a repeat), answering exactly the accounts of its scope again.
        const violations = new Violations(REFRESH_V1);
        await answeredAsRead(fdApi, c, v.op, res.body, read, violations);
        const again = await fdApi.call(v.op, { path, query });
        const ids = (body: any) => ((body?.accounts ?? []) as any[]).map((a) => String(a.id)).sort();
        if (again.status !== 200 || JSON.stringify(ids(again.body)) !== JSON.stringify(ids(res.body)))
          violations.add(
            v.op,
            'the same refresh again at once',
            `${again.status}, accounts ${JSON.stringify(ids(again.body))}`,
            `200 with the accounts it refreshed, as the first call: ${JSON.stringify(ids(res.body))}`,
          );
        violations.expectNone();
      }
      for (const a of c.accounts) {
        const [was, is] = [before.get(a.id)!, after.get(a.id)!];
        if (scope.includes(a)) {
          if (a.status !== 'active') continue; // a pending account may not be aggregated yet
          expectEpochSecondsNear(is, fd.now(), `${a.type} ${a.id}: aggregationAttemptDate after the refresh`);
          expect(is - was, `${a.type} ${a.id}: aggregationAttemptDate moved by the clock's advance`).toBeGreaterThanOrEqual(ADVANCE_S);
        } else {
          expect(is, `${a.type} ${a.id} of another login: aggregationAttemptDate unchanged`).toBe(was);
        }
      }
      const what = `${v.op}: the accounts answered with an accountNumberDisplay other than the linked one`;
      underRule(test.info(), 'FD-ACCT-NUMBER-DISPLAY', () => expect(displayedOtherwise, what).toEqual([]), v.op);
    },
  );
}

// provider 1.35.0 ToDateParameterForRefreshAccounts: toDate is later than fromDate. A window the wrong way
// round is refused and refreshes nothing; the same window in order is carried out.
test(
  'RefreshCustomerAccountsByInstitutionLogin refuses a toDate before its fromDate (400, nothing refreshed) and carries out the window in order @provider',
  rules('FD-ACCT-REFRESH-WINDOW'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const login = c.logins.find((l) => l.institutionId === '101732')!;
    const path = { customerId: c.customerId, institutionLoginId: String(login.id) };
    const before = await attemptDates(fdApi, c);
    await fdPowers.advanceClock(ADVANCE_S);
    const nowS = Math.floor(fd.now() / 1000);
    const [fromDate, toDate] = [nowS - 30 * 86_400, nowS];
    const reversed = await fdApi.call('RefreshCustomerAccountsByInstitutionLogin', { path, query: { fromDate: toDate, toDate: fromDate } });
    expect(reversed.status, 'toDate before fromDate').toBe(400);
    const after = Object.fromEntries(await attemptDates(fdApi, c));
    expect(after, 'a refused refresh moves no aggregationAttemptDate').toEqual(Object.fromEntries(before));
    const inOrder = await fdApi.call('RefreshCustomerAccountsByInstitutionLogin', { path, query: { fromDate, toDate } });
    expect(inOrder.status, 'the same window in order').toBe(200);
  },
);
