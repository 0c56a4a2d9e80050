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

/** The certification of a run that stopped before its first check: NOT RUN, with the one-line reason. */
export function writeNotRun(
  dir: string,
  target: string,
  reason: string,
  services: ServiceVerdict[] = [],
  coverage: ServiceCoverage[] = [],
): Certification {
  const cert: Certification = {
    target,
    generatedAt: new Date().toISOString(),
    verdict: 'NOT RUN',
    reason,
    ...(process.env.SUITE_RUN_ID ? { runId: process.env.SUITE_RUN_ID } : {}),
    checks: { selected: 0, run: 0, skipped: 0 },
    services,
  };
  writeCertification(dir, cert, coverage);
  return cert;
}
