// Faults of the report store shared by every report: each breaks one rule of
// schemas/financial-data/rules/reports.yaml, on every generate operation at once.
import type { Fault } from '../kit/faults.js';

export const REPORTS_FAULTS: Fault[] = [
  { id: 'report-stuck-in-progress', rule: 'FD-REPORT-TERMINAL: a report leaves inProgress for success or failure', source: 'seed', rules: ['FD-REPORT-TERMINAL'] },
  { id: 'report-never-fails', rule: 'FD-REPORT-TERMINAL: a report whose generation fails ends failure (not success)', source: 'seed', rules: ['FD-REPORT-TERMINAL'] },
  { id: 'report-callback-never-sent', rule: 'FD-REPORT-CALLBACK: the callback URL is called when the report completes', source: 'seed', rules: ['FD-REPORT-CALLBACK'] },
  { id: 'report-callback-sent-twice', rule: 'FD-REPORT-CALLBACK: the callback URL is called once per report', source: 'seed', rules: ['FD-REPORT-CALLBACK'] },
  { id: 'report-freeze-ignored', rule: 'FD-REPORT-FREEZE: generation for a customer under a security freeze is a 403', source: 'seed', rules: ['FD-REPORT-FREEZE'] },
  { id: 'report-consumer-not-required', rule: 'FD-REPORT-CONSUMER: generation for a customer without a consumer is a 404 where a consumer is needed', source: 'seed', rules: ['FD-REPORT-CONSUMER'] },
];
