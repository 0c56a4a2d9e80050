// Helpers of the reports-retrieval specs: how a spec gets a report to read. On the mock, through the
// mock-only control route POST /__mock/reports/generate {customerId, type} (mocks/financial-data/
// reports/retrieval.ts), so the reads can be checked whatever generate operation exists; on a
// sandbox, through the generate operation of its type for the worker's customer, the prepared
// linked one (a report needs accounts, which only it has there). The generate operations' own rules
// are in the reports-assets / -income / -analytics specs.
import { expect, expectToBe, newConsumer, sample, type OperationClient } from '../../fixtures/financial-data.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';
import type { FdEntities } from '../../fixtures/examples/financial-data.js';

export interface MadeReport {
  id: string;
  portfolioId: string;
  type: string;
  status: string;
  createdDate: number;
  customerId: number;
  consumerId?: string;
}

/** A new report of `type` for the customer (with its consumer, when it has one), inProgress. */
export async function makeReport(control: { origin: string }, customerId: string, type = 'voa'): Promise<MadeReport> {
  const response = await fetch(`${control.origin}/__mock/reports/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId, type }),
  });
  expectToBe(response.status, 201, `mock control: generate a ${type} report for customer ${customerId}`);
  return (await response.json()) as MadeReport;
}

/** The generate operation of each report type a sandbox check makes (seed 002, Decisioning report generation). */
const GENERATE_OF = { voa: 'GenerateVOAReport', voi: 'GenerateVOIReport' } as const;

/** What a check needs to make a report on either target. */
export interface ReportMaking {
  fd: FdTarget;
  fdApi: OperationClient;
  fdEntities: FdEntities;
  createCustomer: (type?: 'testing' | 'active') => Promise<string>;
}

/**
 * A customer with a consumer whose reports the check makes: on the mock a new one of `type`; on a
 * sandbox the worker's customer and consumer (the prepared linked customer: a new one has no account
 * to report on there), which is a testing customer.
 */
export async function reportOwner(m: ReportMaking, type: 'testing' | 'active' = 'testing') {
  if (m.fd.control) return customerWithConsumer(m.fdApi, m.createCustomer, type);
  expect(type, 'a sandbox check makes reports of the prepared testing customer only').toBe('testing');
  return { customerId: m.fdEntities.customerId, consumerId: m.fdEntities.consumerId };
}

/** A new report of `type` for the owner reportOwner gave, inProgress: the mock's control route, or the type's generate operation on a sandbox. */
export async function newReport(m: ReportMaking, customerId: string, type: keyof typeof GENERATE_OF = 'voa'): Promise<MadeReport> {
  if (m.fd.control) return makeReport(m.fd.control, customerId, type);
  expect(customerId, 'a sandbox report is of the worker customer').toBe(m.fdEntities.customerId);
  const operationId = GENERATE_OF[type];
  const res = await m.fdApi.call(operationId, sample(operationId, m.fd, m.fdEntities));
  expect(res.status, `${operationId} for customer ${customerId}; body: ${res.text.slice(0, 200)}`).toBe(202);
  return res.body as unknown as MadeReport;
}

/**
 * A customer of the check's own with a consumer (`consumer`, a new one by default) and accounts: on
 * the mock linked through its control surface, on a sandbox through Connect where the suite completes
 * it (fdPowers.linkAccounts, which otherwise skips naming it). Its reports are the check's alone, on
 * any target, made by the generate operations (ownReport), not by the mock's harness route.
 */
export async function ownReportOwner(
  fdApi: OperationClient,
  fdPowers: { linkAccounts: (customerId: string) => Promise<unknown> },
  createCustomer: (type?: 'testing' | 'active') => Promise<string>,
  consumer: Record<string, unknown> = newConsumer(),
): Promise<{ customerId: string; consumerId: string }> {
  const who = await customerWithConsumer(fdApi, createCustomer, 'testing', consumer);
  await fdPowers.linkAccounts(who.customerId);
  return who;
}

/** A new report of `type` for a customer of the check's own (ownReportOwner), by its generate operation: the 202 acknowledgement. */
export async function ownReport(fdApi: OperationClient, customerId: string, type: keyof typeof GENERATE_OF = 'voa'): Promise<MadeReport> {
  const operationId = GENERATE_OF[type];
  const res = await fdApi.call(operationId, { path: { customerId }, body: type === 'voa' ? { showNsf: false } : {} });
  expect(res.status, `${operationId} for customer ${customerId}; body: ${res.text.slice(0, 200)}`).toBe(202);
  return res.body as unknown as MadeReport;
}

export const PDF = { accept: 'application/pdf' };

/** The readers of many reports of a customer and its consumer: the two lists, then the two portfolios (each its path). */
export const manyReaders = (who: { customerId: string; consumerId: string }, portfolioId: string) =>
  [
    ['GetReportsByCustomerId', { customerId: who.customerId }],
    ['GetReportsByConsumerId', { consumerId: who.consumerId }],
    ['GetPortfolioByCustomer', { customerId: who.customerId, portfolioId }],
    ['GetPortfolioByConsumer', { consumerId: who.consumerId, portfolioId }],
  ] as const;

/** The report ids, types and statuses of a list or portfolio, by id. */
export const byId = (rows: { id: string; type: string; status: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.id, { type: r.type, status: r.status }]));

/** A new customer of the given type with a consumer: { customerId, consumerId }. */
export async function customerWithConsumer(
  fdApi: OperationClient,
  createCustomer: (type?: 'testing' | 'active') => Promise<string>,
  type: 'testing' | 'active' = 'testing',
  consumer: Record<string, unknown> = newConsumer(),
) {
  const customerId = await createCustomer(type);
  const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: consumer });
  expect(created.status, 'create the consumer').toBe(201);
  return { customerId, consumerId: String(created.body.id) };
}
