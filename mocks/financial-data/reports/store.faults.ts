// Faults of the report store, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/reports.yaml), at store.ts's seams
// (store.records.ts). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { always, assumption, blind, faultCatalogue, provider, seeded, was, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import type { Report } from '../state.js';
import type { Change, Delivery, Exchange, StoreSeams } from './store.records.js';

type Seams = FaultSeams<StoreSeams>;
const { fault } = faultKit<StoreSeams>();
const ended = (status: string) => (x: Exchange) => x.report?.status === status;

/** A report, as created, changed. */
const created =
  (change: (r: Report, x: Exchange, memory: Record<string, any>) => void): Seams['state'] =>
  (x, c, m) => {
    if (c.kind === 'created') change(c.report, x, m);
    return c;
  };
/** A report settling: the status it ends in, and the report, changed. */
const settled =
  (bend: (c: Extract<Change, { kind: 'settled' }>, x: Exchange) => Report['status'] | void): Seams['state'] =>
  (x, c) =>
    c.kind === 'settled' ? { ...c, status: bend(c, x) ?? c.status } : c;
/** The callback of a completed report (not a silent one) of `when`, made otherwise (undefined: not sent). */
const called =
  (when: (x: Exchange) => boolean, bend: (d: Delivery, x: Exchange) => Delivery | undefined): Seams['delivery'] =>
  (x, d) =>
    d.silent || !when(x) ? d : bend(d, x);
/** Its payload (the report's fields) made otherwise. */
const payload = (when: (x: Exchange) => boolean, bend: (p: Record<string, any>, x: Exchange) => Record<string, any>) =>
  called(when, (d, x) => {
    const body = d.body as Record<string, any>;
    return { ...d, body: { ...body, payload: bend(body.payload, x) } };
  });

export const REPORT_STORE_FAULTS = faultCatalogue([
  fault('fd-report-terminal-failure-later-success', {
    rule: 'FD-REPORT-TERMINAL, FD-REPORT-CALLBACK-STATE, FD-PROP-END-STATE: a report that ended in failure turns success a minute later (and its callback is sent again)',
    state: settled(({ report, status }, x) => {
      if (status !== 'failure') return;
      report.outcome = 'success';
      report.readyAtS = x.nowS + 60;
      x.world.reports.pending.add(report.id);
    }),
    ...was('i28-fd-report-failure-later-success'),
  }),
  fault('fd-report-async-testing-born-success', {
    rule: "FD-REPORT-ASYNC: a testing customer's report is answered (and read) as success from its 202, though it completes later",
    state: created((r) => {
      if (r.customerType === 'testing') r.status = 'success';
    }),
    ...blind,
    ...was('blind-report-testing-born-success'),
  }),
  fault('fd-date-unit-voa-created-ms', {
    rule: 'FD-DATE-UNIT, FD-REPORT-READERS-AGREE: a VOA report gives createdDate in epoch milliseconds in its ack and reads',
    state: created((r) => {
      if (r.type === 'voa') r.extra = { ...r.extra, createdDate: r.createdDate * 1000 };
    }),
    ...provider,
  }),
  fault('fd-report-callback-settles-only-when-read', {
    rule: 'FD-REPORT-CALLBACK: a report ends, and its callback is called, only when a get-report or report-list operation asks for it',
    state: (_x, c) =>
      c.kind === 'settling'
        ? {
            ...c,
            settle:
              c.on === 'request' && /^\/decisioning\/v[13]\/(?:reports|(?:customers|consumers)\/[^/]+\/reports)(?:\/|\?|$)/.test(c.url!),
          }
        : c,
  }),
  fault('fd-report-callback-first-of-kind-url', {
    rule: "FD-REPORT-CALLBACK, FD-DELIVERY-URL: a report generated with a callback URL calls the URL of the customer's first report of its kind that had one, not its own",
    state: created((r, x) => {
      const first =
        r.callbackUrl &&
        [...x.world.reports.reports.values()].find((o) => o.customerId === r.customerId && o.type === r.type && o.callbackUrl);
      if (first) r.callbackUrl = first.callbackUrl;
    }),
    ...seeded,
  }),
  fault('fd-report-no-callback-url-kept-per-customer', {
    rule: 'FD-REPORT-NO-CALLBACK: a report generated without a callback URL calls the one an earlier report of the customer had',
    state: created((r, _x, m) => {
      const kept: Map<string, string> = (m.urls ??= new Map());
      if (r.callbackUrl) kept.set(r.customerId, r.callbackUrl);
      else r.callbackUrl = kept.get(r.customerId);
    }),
    ...blind,
    ...was('blind-report-callback-url-kept-per-customer'),
  }),
  fault('fd-delivery-sensitive-consumer-ssn', {
    rule: "FD-DELIVERY-SENSITIVE: the callback carries the consumer's SSN in clear, in a member no schema declares",
    delivery: called(
      (x) => x.report?.consumerId !== undefined && x.world.consumers.has(x.report.consumerId),
      (d, x) => ({
        ...d,
        body: { ...d.body, consumer: { taxId: String(x.world.consumers.get(x.report!.consumerId!)!.fields.ssn ?? '') } },
      }),
    ),
    ...seeded,
    ...was('report-callback-consumer-ssn-clear'),
  }),
  fault('fd-delivery-media-type-text-plain', "FD-DELIVERY-MEDIA-TYPE: the report listener's call declares its JSON body text/plain", {
    delivery: called(always, (d) => ({ ...d, headers: { ...d.headers, 'content-type': 'text/plain' } })),
    ...assumption,
  }),
  fault('fd-report-callback-state-income-portfolio-dropped', {
    rule: 'FD-REPORT-CALLBACK-STATE: a successful report of an income or employment type (voePayroll, voeTransactions, voiePayroll, voieTxVerify, paystatement) is announced without its portfolioId',
    delivery: payload(
      (x) => ended('success')(x) && /^(voe|voie|paystatement)/.test(x.report!.type),
      (p) => ({ ...p, portfolioId: undefined }),
    ),
    ...assumption,
    ...seeded,
  }),
  fault('fd-report-callback-event-id-per-customer', {
    rule: "FD-REPORT-CALLBACK, FD-PROP-EVENT-IDS: the callback's eventId is the customer's, the same for each of its reports",
    delivery: called(always, (d, x) => ({ ...d, body: { ...d.body, eventId: `customer-${x.report!.customerId}` } })),
    ...assumption,
    ...was('i33-fd-report-callback-event-id-per-customer'),
  }),
]);
