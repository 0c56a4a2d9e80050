// Shared by the report specs (tests/financial-data/reports*.spec.ts): a report generated (202) and
// polled to success, the one way every family's content checks get an ended report. Not a spec.
import {
  expect,
  expectToBe,
  FD_CONTRACT,
  fdOperationIds,
  sample,
  type FdOperationId,
  type OperationClient,
  type PollReportFn,
  whileAlone,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { loadRules } from '../../helpers/contract/rules.js';

/** The operations each rule of the catalogue names. */
export const CATALOGUE = new Map(loadRules('financial-data').rules.map((r) => [r.id, r.operations ?? []]));
/** Every generate operation of a decisioning report (the FD-REPORT-ASYNC list of schemas/financial-data/rules/reports.yaml). */
export const GENERATE = fdOperationIds(FD_CONTRACT, CATALOGUE.get('FD-REPORT-ASYNC')!);
export const DAY_S = 86_400;

/** The body keeps the contract's component `name` (no schema error). */
export function expectComponent(contract: Contract, name: string, body: unknown, what: string) {
  const validate = contract.component(name);
  expect(validate(body) ? [] : validate.errors, what).toEqual([]);
}

/** Every account of a report's content, flattened over its institutions. */
export const reportAccounts = (content: any): any[] => ((content?.institutions ?? []) as any[]).flatMap((i) => i.accounts ?? []);

/** Every reader of one report: by customer, by id, reissued and (a consumer's report) by consumer. */
export function readersOf(fdApi: OperationClient, r: { id: string; customerId: string; consumerId?: string }) {
  const { id: reportId, customerId, consumerId } = r;
  return [
    { name: 'GetReportByCustomer', read: () => fdApi.call('GetReportByCustomer', { path: { customerId, reportId } }) },
    { name: 'GetReportById', read: () => fdApi.call('GetReportById', { path: { reportId }, body: {} }) },
    { name: 'ReportReissue', read: () => fdApi.call('ReportReissue', { path: { reportId }, body: { purpose: '31' } }) },
    ...(consumerId
      ? [{ name: 'GetReportByConsumer', read: () => fdApi.call('GetReportByConsumer', { path: { consumerId, reportId } }) }]
      : []),
  ];
}

/** An ended report's content: the first/third-party Foresight report is read by its id (seed 002, Report retrieval), the others as polled. */
export async function contentOf(fdApi: OperationClient, op: FdOperationId, id: string, polled: any) {
  if (op !== 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport') return polled;
  return (await fdApi.call('GetReportById', { path: { reportId: id }, body: {} })).body;
}

/** The sample request of the operation (the worker's customer, which has a consumer, a business and accounts). */
export function request(
  operationId: FdOperationId,
  fd: Parameters<typeof sample>[1],
  e: Parameters<typeof sample>[2],
  customerId?: string,
  query: Record<string, string> = {},
): CallOptions {
  const base = sample(operationId, fd, e);
  const path = customerId && base.path && 'customerId' in base.path ? { ...base.path, customerId } : base.path;
  return { ...base, path, query: { ...(base.query ?? {}), ...query } };
}

export interface Asked {
  op: FdOperationId;
  options: CallOptions;
}

/**
 * Generates each report asked (202 expected of each), then polls them together to success (each read
 * every 20 s, all in the time of the slowest); returns each one's ack and ended body, in order.
 */
export async function generatedAll(fdApi: OperationClient, pollReport: PollReportFn, asked: readonly Asked[]) {
  const acks: any[] = [];
  for (const { op, options } of asked) {
    const ack = await fdApi.callBuilt(op, options);
    expectToBe(ack.status, 202, `${op}: 202; body: ${ack.text.slice(0, 200)}`);
    acks.push(ack.body);
  }
  const polled = await pollReport.all(
    // An ack that names no customer (some analytics acks) is polled under the customer of its path.
    acks.map((ack, i) => ({
      id: ack.id,
      customerId: ack.customerId ?? asked[i].options.path?.customerId,
      label: `${asked[i].op} report ${ack.id}`,
    })),
  );
  return polled.map((p, i) => {
    expectToBe(p.final.body.status, 'success', `${asked[i].op}: the report ends success`);
    return { op: asked[i].op, ack: acks[i], report: p.final.body };
  });
}

/** `generatedAll` of one report. */
export const generated = async (fdApi: OperationClient, pollReport: PollReportFn, op: FdOperationId, options: CallOptions) =>
  (await generatedAll(fdApi, pollReport, [{ op, options }]))[0];

/**
 * A refused generation leaves no report behind in the customer's list (seed 002, Errors: the request
 * is not carried out; the leakage after a refused request of FD-PROP-REFUSED-NO-TRACE, on the report
 * generators): the list read before and after `refusals`. On a sandbox the customer is the prepared
 * linked one, whose reports every worker adds to: the partner's reports are held alone from the first
 * read to the last, so that no other worker generates one in between.
 */
export async function expectNoReportLeft(
  fdApi: OperationClient,
  fd: Parameters<typeof whileAlone>[0],
  customerId: string,
  refusals: () => Promise<void>,
) {
  const listed = async () => {
    const res = await fdApi.call('GetReportsByCustomerId', { path: { customerId } });
    expect(res.status, "the customer's report list").toBe(200);
    return ((res.body.reports ?? []) as { id: string }[]).map((r) => String(r.id)).sort();
  };
  await whileAlone(fd, ['reports'], async () => {
    const before = await listed();
    await refusals();
    expect(await listed(), 'the report list after the refusals: the same reports as before').toEqual(before);
  });
}
