// Helpers of the reports-retrieval specs: how a spec gets a report to read. On the mock, through the
// mock-only control route POST /__mock/reports/generate {customerId, type} (mocks/financial-data/
// reports/retrieval.ts), so the reads can be checked whatever generate operation exists; the
// generate operations' own rules are in the reports-assets / -income / -analytics specs.
import { expect, newConsumer, type OperationClient } from '../../fixtures/financial-data.js';

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
  expect(response.status, `mock control: generate a ${type} report for customer ${customerId}`).toBe(201);
  return (await response.json()) as MadeReport;
}

export const PDF = { accept: 'application/pdf' };
export const JSON_ACCEPT = { accept: 'application/json' };

/** The report ids, types and statuses of a list or portfolio, by id. */
export const byId = (rows: { id: string; type: string; status: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.id, { type: r.type, status: r.status }]));

/** A new customer of the given type with a consumer: { customerId, consumerId }. */
export async function customerWithConsumer(
  fdApi: OperationClient,
  createCustomer: (type?: 'testing' | 'active') => Promise<string>,
  type: 'testing' | 'active' = 'testing',
) {
  const customerId = await createCustomer(type);
  const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect(consumer.status, 'create the consumer').toBe(201);
  return { customerId, consumerId: consumer.body.id as string };
}
