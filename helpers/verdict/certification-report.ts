// reports/certification.{json,md,html}: the certification written whole, its markdown and its page
// rendering the same blocks (helpers/verdict/certification-blocks.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { echoedOutOf } from '../secrets/sent-ledger.js';
import { certificationBlocks, LEGEND } from './certification-blocks.js';
import type { Certification, ServiceVerdict } from './model.js';
import { certificationHtml } from './certification-html.js';
import type { ServiceCoverage } from './coverage-report.js';
import { h, markdown, p } from './render.js';
import { writeFileAtomic } from './write-file.js';

export { explanationLines } from './certification-blocks.js';

export function certificationLines(cert: Certification): string[] {
  const { facts, verdicts, sections } = certificationBlocks(cert);
  const footer = p('Coverage per (operation, status): coverage.md. Exchanges of each check: the Allure report (`npm run report`).');
  return [...markdown([h(1, 'Certification report'), facts, p(LEGEND), verdicts, ...sections, footer]), ''];
}

/** Each file replaced whole (helpers/verdict/write-file.ts): the previous certification stays until this one is written. */
export function writeCertification(dir: string, written: Certification, coverage: ServiceCoverage[] = []): void {
  // The last net: a value a worker found echoed after it had written the exchange that carries it
  // (a property checker judges answers after the calls) is blanked here too, the ledger being the run's.
  const cert = echoedOutOf(written);
  // The page an auditor signs names the hash of the certification it renders (certification.json, as written).
  const json = JSON.stringify(cert, null, 2);
  const sha256 = createHash('sha256').update(json).digest('hex');
  writeFileAtomic(
    path.join(dir, 'certification.md'),
    [...certificationLines(cert), '', `Certification sha256 (certification.json): \`${sha256}\``].join('\n'),
  );
  writeFileAtomic(path.join(dir, 'certification.html'), certificationHtml(cert, coverage, sha256));
  // Last: certify reads the run's id from it to know the reports are this run's.
  writeFileAtomic(path.join(dir, 'certification.json'), json);
}

/** The certification written under `dir`: when `runId` is told, only that run's; undefined when there is none. */
export function readCertification(dir: string, runId?: string): Certification | undefined {
  const file = path.join(dir, 'certification.json');
  const cert = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Certification) : undefined;
  return runId === undefined || cert?.runId === runId ? cert : undefined;
}

/** A certification written again under `dir` (a baseline, an explanation, a later state added), with the run's coverage as written. */
export function rewriteCertification(dir: string, cert: Certification): void {
  const file = path.join(dir, 'coverage.json');
  writeCertification(dir, cert, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ServiceCoverage[]) : []);
}

/** Where a run notes how many service checks it selected, as soon as Playwright has listed them (its suite reporter's onBegin). */
const selectedFile = (dir: string, runId: string) => path.join(dir, '.raw', runId, 'selected.json');

/** Notes the run's selected checks (the suite reporter, as the run begins), for a NOT RUN written before any check ended. */
export function noteSelectedChecks(dir: string, runId: string | undefined, selected: number): void {
  if (!runId) return;
  fs.mkdirSync(path.dirname(selectedFile(dir, runId)), { recursive: true });
  fs.writeFileSync(selectedFile(dir, runId), JSON.stringify({ selected }));
}

/** The note removed as the run writes its own certification (which counts them). */
export function forgetSelectedChecks(dir: string, runId: string | undefined): void {
  if (runId) fs.rmSync(selectedFile(dir, runId), { force: true });
}

/** The run's selected checks as it noted them; 0 when it stopped before Playwright listed them. */
function selectedChecks(dir: string, runId: string | undefined): number {
  if (!runId || !fs.existsSync(selectedFile(dir, runId))) return 0;
  try {
    return Number((JSON.parse(fs.readFileSync(selectedFile(dir, runId), 'utf8')) as { selected?: unknown }).selected) || 0;
  } catch {
    return 0;
  }
}

/** The certification of a run that stopped before its first check: NOT RUN, with the one-line reason. */
export function writeNotRun(
  dir: string,
  target: string,
  reason: string,
  services: ServiceVerdict[] = [],
  coverage: ServiceCoverage[] = [],
  runId = process.env.SUITE_RUN_ID,
): Certification {
  const cert: Certification = {
    target,
    generatedAt: new Date().toISOString(),
    verdict: 'NOT RUN',
    reason,
    ...(runId ? { runId } : {}),
    // The checks the run selected, once Playwright listed them (none ran: every one is not run).
    checks: { selected: selectedChecks(dir, runId), run: 0, skipped: selectedChecks(dir, runId) },
    services,
  };
  writeCertification(dir, cert, coverage);
  return cert;
}
