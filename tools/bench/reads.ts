// The list reads that grow with a mock's store, for `npm run bench` (the server child of
// scripts/bench.ts): fresh financial data and installments mocks, their stores grown on the
// parent's request, and for each size the reads to time. Growth goes through the API (customers
// by AddTestingCustomer, accounts and transactions by the control surface's link of a customer,
// merchants by postMerchantParticipations, 30 a request), never into the state directly, so the
// indexes are built as a run builds them. The reads address the same few records at every size
// (the 7th customer, its accounts, the 7th merchant), so a read's answer is the same at 50 objects
// as at 50,000 and only the store around it grew.
import { loadContract, type Contract } from '../../helpers/contract/contract.js';
import type { OperationId } from '../../helpers/contract/operations.js';
import { signRequest } from '../../helpers/auth/oauth1.js';
import { FdMockControl } from '../../helpers/target/financial-data.js';
import { installmentsTargetFromMock } from '../../helpers/target/installments.js';
import { startInstallmentsMock } from '../../mocks/installments/index.js';
import { exampleParticipation } from '../../fixtures/examples/installments.js';
import type { LoadTarget } from './load.js';
import { fdMockWithToken, opUrl } from './mocks.js';
import { pool } from '../cli.js';

export interface GrowRequest {
  type: 'grow';
  /** Which store: two live side by side, so that their reads can be timed in alternating rounds. */
  store: 'small' | 'large';
  /** Customers (financial data) and merchants (installments) the stores hold after growing. */
  size: number;
  /** Financial data customers with linked accounts and transactions (the control surface's link). */
  linked: number;
}

/** Customers created in one batch of the growth, and the rate of AddTestingCustomer over it. */
export interface GrowthBatch {
  from: number;
  to: number;
  rps: number;
}

export interface ReadCase {
  service: 'financial-data' | 'installments';
  /** What is read, the same at every size. */
  label: string;
  target: LoadTarget;
}

/** The record every read addresses: created first, so it exists at the smallest size. */
const PROBE = 7;
const CONCURRENCY = 16;
/** provider 2.0.0, postMerchantParticipations: at most 30 participations a request. */
const PARTICIPATIONS_PER_REQUEST = 30;
const DAY_S = 86_400;

/** n as four or more lower-case letters (names without digits; a search word of four letters). */
const letters = (n: number) => {
  let out = '';
  for (let v = n; out.length < 4 || v > 0; v = Math.floor(v / 26)) out = String.fromCharCode(97 + (v % 26)) + out;
  return out;
};
const FIRST_NAMES = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Ezra', 'Ines', 'Omar'];
const customerBody = (n: number) => ({
  username: `growth.${n}.x`,
  firstName: FIRST_NAMES[n % FIRST_NAMES.length],
  lastName: `Bench${letters(n)}`,
});
const merchantName = (n: number) => `Growth Merchant ${letters(n)}`;

/** Runs `count` jobs, `CONCURRENCY` at a time. */
const jobs = (count: number, job: (i: number) => Promise<void>) => pool([...Array(Math.max(0, count)).keys()], CONCURRENCY, job);

interface World {
  fd: {
    contract: Contract;
    baseURL: string;
    control: FdMockControl;
    auth: Record<string, string>;
    customers: string[];
    linked: number;
    probe?: { customerId: string; accountId: string; createdDate: number };
  };
  installments: {
    contract: Contract;
    baseURL: string;
    signed: (method: string, url: string, body?: string) => Record<string, string>;
    acquirer: string;
    merchants: number;
    requestId?: string;
  };
}

/** The stores, each a pair of fresh mocks of its own. */
const worlds = new Map<GrowRequest['store'], World>();

async function start(closers: (() => Promise<void>)[]): Promise<World> {
  const { mock: fdMock, contract: fdContract, auth } = await fdMockWithToken(closers);

  const inMock = await startInstallmentsMock({});
  closers.push(() => inMock.close());
  const inTarget = await installmentsTargetFromMock(inMock);
  const signed = (method: string, url: string, body?: string): Record<string, string> => ({
    accept: 'application/json',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    authorization: signRequest(inTarget.signer, method, url, body),
  });
  return {
    fd: { contract: fdContract, baseURL: fdMock.baseURL, control: new FdMockControl(fdMock.origin), auth, customers: [], linked: 0 },
    installments: {
      contract: await loadContract('installments'),
      baseURL: inMock.baseURL,
      signed,
      acquirer: inTarget.knownAcquirerIca!,
      merchants: 0,
    },
  };
}

/** Batches the creation is timed in: a request whose cost grew with the store shows as a slower last batch. */
const BATCHES = 9;

async function growFinancialData(fd: World['fd'], size: number, linked: number): Promise<GrowthBatch[]> {
  const add = opUrl(fd.contract, fd.baseURL, 'AddTestingCustomer');
  const batches: GrowthBatch[] = [];
  const total = Math.max(0, size - fd.customers.length);
  const batch = Math.max(1, Math.ceil(total / BATCHES));
  while (fd.customers.length < size) {
    const from = fd.customers.length;
    const count = Math.min(batch, size - from);
    const ids: string[] = [];
    const started = process.hrtime.bigint();
    await jobs(count, async (i) => {
      const n = from + i;
      const response = await fetch(add.url, {
        method: add.method,
        headers: { accept: 'application/json', 'content-type': 'application/json', ...fd.auth },
        body: JSON.stringify(customerBody(n)),
      });
      if (response.status !== 201) throw new Error(`setup: AddTestingCustomer of customer ${n} answered ${response.status}`);
      ids[i] = ((await response.json()) as { id: string }).id;
    });
    batches.push({ from, to: from + count, rps: count / (Number(process.hrtime.bigint() - started) / 1e9) });
    fd.customers.push(...ids);
  }
  const linkFrom = fd.linked;
  const toLink = Math.min(linked, fd.customers.length);
  await jobs(toLink - linkFrom, async (i) => {
    const customerId = fd.customers[linkFrom + i];
    const linkedView = await fd.control.linkAccounts(customerId);
    // The probe customer's first account is the portfolio's large checking account (portfolio.ts).
    if (linkFrom + i === PROBE)
      fd.probe = { customerId, accountId: linkedView.accounts[0].id, createdDate: linkedView.accounts[0].createdDate };
  });
  fd.linked = Math.max(fd.linked, toLink);
  return batches;
}

async function growInstallments(inst: World['installments'], size: number) {
  const post = opUrl(inst.contract, inst.baseURL, 'postMerchantParticipations');
  const from = inst.merchants;
  const requests = Math.ceil(Math.max(0, size - from) / PARTICIPATIONS_PER_REQUEST);
  await jobs(requests, async (r) => {
    const first = from + r * PARTICIPATIONS_PER_REQUEST;
    const count = Math.min(PARTICIPATIONS_PER_REQUEST, size - first);
    const body = JSON.stringify(
      Array.from({ length: count }, (_, k) => exampleParticipation(inst.acquirer, { merchantLegalName: merchantName(first + k) })),
    );
    const response = await fetch(post.url, { method: post.method, headers: inst.signed(post.method, post.url, body), body });
    if (!response.ok) throw new Error(`setup: postMerchantParticipations answered ${response.status}`);
    // The request that holds the probe merchant: its participations are the ones read back.
    if (first <= PROBE && PROBE < first + count)
      inst.requestId = new URL(response.headers.get('location')!, post.url).searchParams.get('request_id')!;
  });
  inst.merchants = Math.max(inst.merchants, size);
}

function fdCases(fd: World['fd']): ReadCase[] {
  const get = (
    label: string,
    operationId: OperationId,
    path: Record<string, string> = {},
    query: Record<string, unknown> = {},
  ): ReadCase => {
    const { method, url } = opUrl(fd.contract, fd.baseURL, operationId, { path, query: query as Record<string, string | number> });
    return { service: 'financial-data', label, target: { label, method, url, headers: { accept: 'application/json', ...fd.auth } } };
  };
  const probe = customerBody(PROBE);
  const cases = [
    get('GetCustomers first page (start 1, limit 25)', 'GetCustomers', {}, { start: 1, limit: 25 }),
    get('GetCustomers username filter (one customer)', 'GetCustomers', {}, { username: probe.username }),
    get('GetCustomers search by username (one match)', 'GetCustomers', {}, { search: probe.username }),
    get('GetCustomers search by first and last name (one match)', 'GetCustomers', {}, { search: `${probe.firstName} ${probe.lastName}` }),
  ];
  if (fd.probe) {
    const { customerId, accountId, createdDate } = fd.probe;
    const window = { fromDate: createdDate - 90 * DAY_S, toDate: createdDate, limit: 25 };
    cases.push(
      get("GetCustomerAccounts (one customer's accounts)", 'GetCustomerAccounts', { customerId }),
      get('GetCustomerAccountTransactions (90 days, 25 a page)', 'GetCustomerAccountTransactions', { customerId, accountId }, window),
      get('GetAllCustomerTransactions (90 days, 25 a page)', 'GetAllCustomerTransactions', { customerId }, window),
    );
  }
  return cases;
}

function installmentsCases(inst: World['installments']): ReadCase[] {
  const cases: ReadCase[] = [];
  if (inst.requestId) {
    const { method, url } = opUrl(inst.contract, inst.baseURL, 'getMerchantParticipations', { query: { request_id: inst.requestId! } });
    const label = `getMerchantParticipations by request_id (${PARTICIPATIONS_PER_REQUEST} merchants)`;
    cases.push({ service: 'installments', label, target: { label, method, url, headers: inst.signed(method, url) } });
  }
  const search = opUrl(inst.contract, inst.baseURL, 'postMerchantSearches', { query: { offset: 0, limit: 10 } });
  const body = JSON.stringify({ merchantLegalName: `Merchant ${letters(PROBE)}`, countryCode: 'USA' });
  const label = 'postMerchantSearches by legal name (one match)';
  cases.push({
    service: 'installments',
    label,
    target: { label, method: search.method, url: search.url, headers: inst.signed(search.method, search.url, body), body },
  });
  return cases;
}

/** Grows a store (fresh mocks the first time) to the size asked; answers the reads and what the store holds. */
export async function growReads(
  request: GrowRequest,
  closers: (() => Promise<void>)[],
): Promise<{ cases: ReadCase[]; holds: string; creation: GrowthBatch[] }> {
  let world = worlds.get(request.store);
  if (!world) worlds.set(request.store, (world = await start(closers)));
  const creation = await growFinancialData(world.fd, request.size, request.linked);
  await growInstallments(world.installments, request.size);
  const holds = `${world.fd.customers.length} customers (${world.fd.linked} linked), ${world.installments.merchants} merchants`;
  return { cases: [...fdCases(world.fd), ...installmentsCases(world.installments)], holds, creation };
}
