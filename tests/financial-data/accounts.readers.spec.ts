// Covers: the eight account readers (GetCustomerAccount(s)(Simple), by login and by institution, full and
// simple) - seed 002, Accounts ("simple variants return only basic information of active accounts");
// provider 1.35.0 CustomerAccount(Simple): the by-institution lists hold the ACTIVE accounts there, the
// others all of them. Each reader against the known portfolio (FinBank A 101732 with a pending checking,
// FinBank B 102105, a legacy login at 170778). Ids, dates and the simple readers are the accounts model's
// (resources.model.spec.ts); here what its sequences do not reach every run.
import { underRule } from '../../helpers/client/annotations.js';
import { expect, expectToBe, rules, test, type LinkedCustomer, type OperationClient } from '../../fixtures/financial-data.js';
import { cite } from './cite.js';
import { type Acct, OPERATION, READERS, type Reader, scopesOf } from './accounts.known.js';

interface Read {
  reader: Reader;
  scope: string;
  /** The accounts it shows (exactly these). */
  shown: Acct[];
  status: number;
  records: any[];
}

/** Every reader, for every scope of the portfolio: each account, the customer, each login, each institution. */
async function readAll(fdApi: OperationClient, c: LinkedCustomer): Promise<Read[]> {
  const reads: Read[] = [];
  for (const reader of READERS) {
    for (const { scope, path, shown } of scopesOf(c, reader)) {
      const res = await fdApi.call(OPERATION[reader], { path });
      expectToBe(res.status, 200, `${OPERATION[reader]} ${scope}: 200 for a linked scope`);
      reads.push({ reader, scope, shown, status: res.status, records: reader.startsWith('acct-get') ? [res.body] : res.body.accounts });
    }
  }
  return reads;
}

function expectScopes(reads: Read[], readers: readonly Reader[]) {
  for (const r of reads.filter((x) => readers.includes(x.reader))) {
    // A simple list holds active accounts only (seed 002, Accounts: the simple variants return only active accounts;
    // provider 1.35.0 the simple operations' descriptions), whatever its scope: judged before which accounts the scope holds,
    // so a pending account listed is that rule's breach, not the scope's.
    if (r.reader !== 'acct-get-simple' && r.reader.endsWith('-simple')) {
      const inactive = r.records.filter((rec) => rec.status !== 'active').map((rec) => `${rec.id} (${rec.status})`);
      const what = `${OPERATION[r.reader]} ${r.scope}: received ${inactive.join(', ')}; documented active accounts only`;
      underRule(test.info(), 'FD-ACCT-SIMPLE-ACTIVE', () => expect(inactive, what).toEqual([]), OPERATION[r.reader]);
    }
    const ids = r.records.map((rec) => String(rec.id)).sort();
    expect(ids, `${OPERATION[r.reader]} ${r.scope}: exactly the accounts of that scope`).toEqual(r.shown.map((a) => a.id).sort());
  }
}

/** Each record of each read, with the linked account it names. */
const pairs = (reads: Read[], c: LinkedCustomer) =>
  reads.flatMap((r) => r.records.map((rec) => ({ reader: r.reader, rec, a: c.accounts.find((x) => x.id === String(rec.id)) })));

// Its reads are judged by the answer judge too: each detail member only on the account types it returns for
// (FD-ACCT-DETAIL-TYPES, provider 1.35.0 CustomerAccountDetail), on every type of the portfolio.
test(
  'every account reader shows the account display as linked @assumption',
  rules(
    ...READERS.map((r) => `FD-ACCT-NUMBER-DISPLAY@${r}`),
    ...['acct-get', 'acct-list', 'acct-by-login', 'acct-by-institution'].map((r) => `FD-ACCT-DETAIL-TYPES@${r}`),
  ),
  async ({ fdApi, linkedCustomer: c }) => {
    const reads = await readAll(fdApi, c);
    for (const { reader, rec, a } of pairs(reads, c)) {
      // provider 1.35.0 AccountNumberDisplay: its format varies by institution, so only its sameness is compared;
      // CustomerAccount.number may show the whole number or some digits masked, so it is not judged here.
      const what = `${OPERATION[reader]}, account ${rec.id}: accountNumberDisplay as linked`;
      underRule(test.info(), 'FD-ACCT-NUMBER-DISPLAY', () => expectToBe(rec.accountNumberDisplay, a?.numberLast4, what), OPERATION[reader]);
    }
  },
);

test(
  'each login and institution list holds exactly its accounts, and the full readers show the pending account @provider',
  rules(
    ...cite('FD-ACCT-BY-LOGIN', ['acct-by-login', 'acct-by-login-simple']),
    ...cite('FD-ACCT-BY-INSTITUTION', ['acct-by-institution', 'acct-by-institution-simple']),
    ...cite('FD-ACCT-FULL-PENDING', ['acct-get', 'acct-list', 'acct-by-login']),
    ...cite('FD-ACCT-SIMPLE-ACTIVE', ['acct-by-login-simple', 'acct-by-institution-simple']),
  ),
  async ({ fdApi, fd, linkedCustomer: c }) => {
    // A sandbox portfolio may hold no pending account: the scopes are checked all the same.
    const pending = c.accounts.find((a) => a.status === 'pending');
    if (fd.control) {
      // The known portfolio: three logins at three institutions, 13 accounts, one pending checking at FinBank A.
      expect(c.logins.map((l) => l.institutionId).sort()).toEqual(['101732', '102105', '170778']);
      const pendingAt = c.accounts.filter((a) => a.status === 'pending').map((a) => [a.type, a.institutionId]);
      expect({ accounts: c.accounts.length, pending: pendingAt }).toEqual({ accounts: 13, pending: [['checking', '101732']] });
    }
    const reads = await readAll(fdApi, c);
    // Every reader but the simple by-id and customer ones.
    const scoped = READERS.filter((r) => r !== 'acct-get-simple' && r !== 'acct-list-simple');
    expectScopes(reads, scoped);
    if (!pending) return;
    const holding = (reader: Reader) =>
      reads.filter((r) => r.reader === reader && r.records.some((rec) => String(rec.id) === pending.id)).length;
    const got = { get: holding('acct-get'), list: holding('acct-list'), byLogin: holding('acct-by-login') };
    expect(got, 'the full readers show the pending account').toEqual({ get: 1, list: 1, byLogin: 1 });
  },
);
