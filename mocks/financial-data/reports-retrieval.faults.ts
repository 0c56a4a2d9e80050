// Faults of reports-retrieval: each breaks one rule of schemas/financial-data/rules/reports-retrieval.yaml.
import { ruleFault, type Fault } from '../kit/faults.js';

const f = (id: string, rule: string, text: string, source: Fault['source'] = 'seed'): Fault => ruleFault(id, `${rule}: ${text}`, source);

export const REPORTS_RETRIEVAL_FAULTS: Fault[] = [
  // The single-report reads (seed 002, Report retrieval; Errors 403, 404; Resources - Consumer).
  f('report-pdf-ignored', 'FD-REPORT-READ-FORMAT', 'Accept application/pdf gives a PDF (not JSON)'),
  f('report-pdf-by-default', 'FD-REPORT-READ-FORMAT', 'an Accept naming neither JSON nor PDF gives JSON (not a PDF)'),
  f('report-owner-unchecked', 'FD-REPORT-READ-OWNER', "a report read through another customer or consumer is a 404"),
  f('report-read-freeze-ignored', 'FD-REPORT-READ-FREEZE', 'report reads of a customer under a security freeze are a 403'),
  f('report-read-purpose-required', 'FD-REPORT-READ-OPTIONAL-PARAMS', 'a read without purpose is served (not a 400)'),
  f('consumer-reports-gone-with-customer', 'FD-REPORT-CONSUMER-OWNER', "a deleted customer's report stays readable through its consumer"),
  f('deleted-customer-report-readable', 'FD-REPORT-CONSUMER-OWNER', "a deleted customer's report is a 404 through the customer id"),
  f('consumer-list-drops-deleted', 'FD-REPORT-CONSUMER-OWNER', "the consumer's list keeps the reports of its deleted customer"),
  // Every reader agrees; portfolios (seed 002, Report retrieval).
  f('report-read-status-stale', 'FD-REPORT-READERS-AGREE', 'the single-report reads show the current status (not inProgress for ever)'),
  f('report-list-status-stale', 'FD-REPORT-READERS-AGREE', 'the lists and portfolios show the current status (not inProgress for ever)'),
  f('portfolio-keeps-every-report', 'FD-PORTFOLIO-LATEST', 'a portfolio holds one report per type (not every report)'),
  f('portfolio-keeps-first-of-type', 'FD-PORTFOLIO-LATEST', 'a portfolio holds the most recent report of a type (not the first)'),
  f('report-list-no-rate-limit', 'FD-REPORT-LIST-RATE', 'the 21st list call within 60 seconds is a 429', 'assumption'),
  f('report-list-rate-off-by-one', 'FD-REPORT-LIST-RATE', 'the 20th list call within 60 seconds is served (refused only from the 21st)', 'assumption'),
  // Reissue (seed 002, Report retrieval).
  f('reissue-lender-optional', 'FD-REISSUE-LENDER', 'a reissue without a Lender body is a 400'),
  f('reissue-purpose-not-required', 'FD-REISSUE-PURPOSE', 'from 2026-04-30 a reissue without purpose is a 400', 'assumption'),
  // Reseller billing (seed 002, Report retrieval).
  f('billing-window-ignored', 'FD-BILLING-CONTENT', 'a report made outside the window is not billed'),
  f('billing-testing-reports-included', 'FD-BILLING-TESTING', "testing customers' reports are left out by default"),
  f('billing-view-testing-ignored', 'FD-BILLING-TESTING', "viewTestingReports=true shows testing customers' reports"),
  f('billing-window-32-days', 'FD-BILLING-WINDOW', 'a window of 32 days is a 400'),
  f('billing-window-30-days', 'FD-BILLING-WINDOW', 'a window of 31 days is served'),
  f('billing-dates-optional', 'FD-BILLING-DATES-REQUIRED', 'startDate and endDate are required'),
  f('billing-size-capped-at-500', 'FD-BILLING-SIZE', 'size 1000 is served', 'assumption'),
  f('billing-default-size-50', 'FD-BILLING-DEFAULT-SIZE', 'size defaults to 100'),
  f('billing-page-one-based', 'FD-BILLING-PAGE', 'pages are zero-based, page 0 the default'),
  f('billing-unknown-partner-empty', 'FD-BILLING-PARTNER', 'an unknown partner is a 404 (not an empty page)'),
];
