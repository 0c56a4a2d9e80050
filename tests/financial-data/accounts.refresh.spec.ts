// Covers: RefreshCustomerAccounts(V2) and RefreshCustomerAccountsByInstitutionLogin(V2), read back through
// GetCustomerAccount - seed 002, Accounts: v1 answers 200 (provider 1.35.0 RefreshCustomerAccountsResponse),
// v2 204; "completion is seen as an updated aggregation attempt date on the account"; a refresh by login
// leaves the other logins alone. Dates: provider 1.35.0 UnixDate. Each check links a customer of its own.
import { underRule } from '../../helpers/client/annotations.js';
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
const VARIANTS = [
  { path: 'acct-refresh-customer', op: 'RefreshCustomerAccounts', byLogin: false, v1: true },
  { path: 'acct-refresh-customer-v2', op: 'RefreshCustomerAccountsV2', byLogin: false, v1: false },
  { path: 'acct-refresh-login', op: 'RefreshCustomerAccountsByInstitutionLogin', byLogin: true, v1: true },
  { path: 'acct-refresh-login-v2', op: 'RefreshCustomerAccountsByInstitutionLoginV2', byLogin: true, v1: false },
] as const;

async function attemptDates(fdApi: OperationClient, c: LinkedCustomer): Promise<Map<string, number>> {
  const dates = new Map<string, number>();
  for (const a of c.accounts) {
    const res = await fdApi.call('GetCustomerAccount', { path: { customerId: c.customerId, accountId: a.id } });
    expectToBe(res.status, 200, `GetCustomerAccount of account ${a.id}`);
    dates.set(a.id, res.body.aggregationAttemptDate);
  }
  return dates;
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
      const after = await attemptDates(fdApi, c);
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
