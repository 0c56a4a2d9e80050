// Faults of what a report states about its own figures and lasting ids (FD-PROP-REPORT-FIGURES), at the kit's reply seam
// (FaultSeams.reply), whichever report module built the answer.
import { faultCatalogue, faultWriter, provider, type Reply, type SeamTypes } from '../../kit/faults.js';

const fault = faultWriter<SeamTypes>('FD');

/** A report's answer (an ack, a read, a refresh) with `bend` applied to its JSON object; any other answer unchanged. */
const reportAnswer = (bend: (report: Record<string, any>) => void) => ({
  reply: (x: Reply, body: string) => {
    if (x.status >= 300 || !/^(Generate|Refresh).*Report$|^GetReportBy/.test(x.operationId ?? '')) return body;
    try {
      const json = JSON.parse(body);
      if (!json || typeof json !== 'object' || Array.isArray(json)) return body;
      bend(json);
      return JSON.stringify(json);
    } catch {
      return body;
    }
  },
});

export const REPORT_FIGURES_FAULTS = faultCatalogue([
  fault('fd-prop-report-figures-seasoned-at-asset-threshold', {
    rule: "FD-PROP-REPORT-FIGURES: every report giving days reads seasoned against the asset reports' threshold, the longer one of the cash flow, transactions, analytics and Foresight kinds too",
    ...provider,
    ...reportAnswer((r) => {
      // The asset reports' threshold (provider 1.35.0 VOAReport.seasoned).
      if (typeof r.days === 'number' && typeof r.seasoned === 'boolean') r.seasoned = r.days > 180;
    }),
  }),
  fault('fd-prop-report-figures-employment-id-per-report', {
    rule: "FD-PROP-REPORT-FIGURES: a payroll report's employment ids are made anew on each report (the report's id), not kept across its refreshes",
    ...provider,
    ...reportAnswer((r) => {
      for (const e of Array.isArray(r.employmentHistory) ? r.employmentHistory : [])
        if (e && typeof e === 'object' && e.employmentId !== undefined) e.employmentId = `emp-${r.id}`;
    }),
  }),
  fault('fd-prop-report-figures-pay-statement-billable-again', {
    rule: 'FD-PROP-REPORT-FIGURES: a pay statement an earlier report digitized is billable again on every later report, and counted so',
    ...provider,
    ...reportAnswer((r) => {
      if (!Array.isArray(r.payStatements)) return;
      for (const p of r.payStatements) if (p && typeof p === 'object' && 'billable' in p) p.billable = true;
      if (typeof r.numberOfBillableAssets === 'number') r.numberOfBillableAssets = r.payStatements.length;
    }),
  }),
]);
