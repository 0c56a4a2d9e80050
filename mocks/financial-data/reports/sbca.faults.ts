// Faults of small business credit analytics, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/reports-analytics.yaml), at
// sbca.ts's seams (sbca.records.ts). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { faultCatalogue, provider, was, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import type { SbcaSeams } from './sbca.records.js';

type Seams = FaultSeams<SbcaSeams>;
const { fault, skip } = faultKit<SbcaSeams>();

/** Each metrics list of the answer made otherwise. */
const metrics =
  (bend: (m: Record<string, any>) => Record<string, any>): Seams['answer'] =>
  (_x, a) => {
    const member = 'retailSalesBenchmarksMetrics' in a.body ? 'retailSalesBenchmarksMetrics' : 'retailSalesAnalyticsMetrics';
    return { ...a, body: { ...a.body, [member]: a.body[member].map(bend) } };
  };
const epoch = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export const SBCA_FAULTS = faultCatalogue([
  // --- The request (seed 002, Small business credit analytics; provider 1.35.0 SBCAParams)
  fault('fd-sbca-consent-ignored', 'FD-SBCA-CONSENT: without the merchant consent the request is served, not a 400', {
    judge: skip('consent'),
    ...provider,
  }),
  fault('fd-sbca-location-unknown-404-report-kept', {
    rule: "FD-SBCA-LOCATION, FD-PROP-REFUSED-NO-TRACE: a location that matches nothing is answered 404 after a report was stored for the customer, listed by the customer's reports",
    judge: (x, s, r) => {
      if (s === 'location' && r) x.queue();
      return r;
    },
    ...was('i37-fd-sbca-unknown-location-404-report-kept'),
  }),
  fault('fd-sbca-metrics-period-dates-epoch', 'FD-SBCA-METRICS: the periods are dated in epoch seconds, not dates', {
    answer: metrics((m) => ({
      ...m,
      metricsLists: m.metricsLists.map((p: Record<string, any>) => ({
        ...p,
        periodStartDate: epoch(p.periodStartDate),
        periodEndDate: epoch(p.periodEndDate),
      })),
    })),
    ...provider,
  }),
  fault('fd-sbca-metrics-stored-in-progress', {
    rule: "FD-SBCA-METRICS, FD-REPORT-READERS-AGREE: the answer says success, but the report read back by its id stays inProgress until the store's next settling",
    state: (_x, c) => (c.kind === 'ended' ? { ...c, ended: false } : c),
  }),
  fault('fd-sbca-location-id-echo-lowercased', 'FD-SBCA-LOCATION, FD-PROP-ECHO-AS-SENT: the answer echoes the location id lower-cased', {
    answer: metrics((m) => ({ ...m, locationId: m.locationId.toLowerCase() })),
    ...was('i30-fd-sbca-location-id-echo-lowercased'),
  }),
]);
