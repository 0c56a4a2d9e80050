// A run against a previous one (`npm run certify -- --baseline <certification.json>`): per check (`results`) regressions,
// fixes, added, removed, newly skipped; per rule the same and coverage gained or lost; the pairs exercised; the verdicts.
// Only services both runs ran are compared check by check.
import fs from 'node:fs';
import type { BaselineComparison, Certification, CheckDelta, CheckResult, RuleDelta, RuleOutcome } from './model.js';

/** A certification.json a user names (`--baseline`, `--certification`): each way it cannot be one is one line naming it as `label`. */
export function readBaseline(file: string, label = 'baseline'): Certification {
  let cert: Certification;
  try {
    cert = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      error instanceof SyntaxError ? `${label} ${file} is not JSON` : `cannot read ${label} ${file}: ${code ?? (error as Error).message}`,
    );
  }
  if (!cert || typeof cert.verdict !== 'string' || !Array.isArray(cert.services))
    throw new Error(`${label} ${file} is not a certification.json (no verdict and services)`);
  return cert;
}

const key = (c: { project: string; file: string; title: string }) => `${c.project}\u0000${c.file}\u0000${c.title}`;
const checked = (o?: RuleOutcome['outcome']) => o === 'passed' || o === 'failed';

export function compareCertifications(before: Certification, after: Certification, file: string): BaselineComparison {
  const names = (c: Certification) => c.services.filter((s) => s.verdict !== 'NOT RUN').map((s) => s.service);
  const [b, a] = [names(before), names(after)];
  const compared = a.filter((s) => b.includes(s));
  const cmp: BaselineComparison = {
    baseline: {
      file,
      generatedAt: before.generatedAt,
      verdict: before.verdict,
      ...(before.provenance ? { suiteCommit: before.provenance.suiteCommit } : {}),
    },
    verdict: { before: before.verdict, after: after.verdict, changed: before.verdict !== after.verdict },
    services: [...new Set([...before.services, ...after.services].map((s) => s.service))].map((service) => ({
      service,
      before: before.services.find((s) => s.service === service)?.verdict,
      after: after.services.find((s) => s.service === service)?.verdict,
    })),
    compared,
    onlyBefore: b.filter((s) => !a.includes(s)),
    onlyAfter: a.filter((s) => !b.includes(s)),
    rules: { regressions: [], fixes: [], gained: [], lost: [] },
    coverage: [],
  };
  if (before.results && after.results) {
    const inScope = (c: CheckResult) => compared.includes(c.project);
    const was = new Map(before.results.filter(inScope).map((c) => [key(c), c]));
    const now = new Map(after.results.filter(inScope).map((c) => [key(c), c]));
    const checks: NonNullable<BaselineComparison['checks']> = {
      regressions: [],
      fixes: [],
      added: [],
      removed: [],
      newlySkipped: [],
      unskipped: [],
      unchanged: 0,
    };
    const delta = (c: CheckResult, x?: CheckResult, y?: CheckResult): CheckDelta => ({
      project: c.project,
      file: c.file,
      title: c.title,
      before: x?.status,
      after: y?.status,
      rules: c.rules,
    });
    for (const [k, c] of now) {
      const old = was.get(k);
      if (!old) checks.added.push(delta(c, undefined, c));
      else if (old.status === 'passed' && c.status === 'failed') checks.regressions.push(delta(c, old, c));
      else if (old.status === 'failed' && c.status === 'passed') checks.fixes.push(delta(c, old, c));
      else if (old.status !== 'skipped' && c.status === 'skipped') checks.newlySkipped.push(delta(c, old, c));
      else if (old.status === 'skipped' && c.status !== 'skipped') checks.unskipped.push(delta(c, old, c));
      else checks.unchanged++;
    }
    for (const [k, c] of was) if (!now.has(k)) checks.removed.push(delta(c, c, undefined));
    cmp.checks = checks;
  } else
    cmp.checksNote = `${before.results ? 'this run' : 'the baseline'} keeps no results per check (written before they were kept): compared rule by rule only`;
  for (const service of compared) {
    const sb = before.services.find((s) => s.service === service)!;
    const sa = after.services.find((s) => s.service === service)!;
    const rulesBefore = new Map(sb.rules.map((r) => [r.id, r.outcome]));
    const rulesAfter = new Map(sa.rules.map((r) => [r.id, r.outcome]));
    for (const id of new Set([...rulesBefore.keys(), ...rulesAfter.keys()])) {
      const d: RuleDelta = { service, id, before: rulesBefore.get(id), after: rulesAfter.get(id) };
      if (d.before === 'passed' && d.after === 'failed') cmp.rules.regressions.push(d);
      else if (d.before === 'failed' && d.after === 'passed') cmp.rules.fixes.push(d);
      else if (!checked(d.before) && checked(d.after)) cmp.rules.gained.push(d);
      else if (checked(d.before) && !checked(d.after)) cmp.rules.lost.push(d);
    }
    const pairsBefore = sb.coverage.exercisedPairs;
    const pairsAfter = sa.coverage.exercisedPairs;
    cmp.coverage.push({
      service,
      before: `${sb.coverage.exercised}/${sb.coverage.documented}`,
      after: `${sa.coverage.exercised}/${sa.coverage.documented}`,
      gained: pairsBefore && pairsAfter ? pairsAfter.filter((p) => !pairsBefore.includes(p)) : [],
      lost: pairsBefore && pairsAfter ? pairsBefore.filter((p) => !pairsAfter.includes(p)) : [],
    });
  }
  return cmp;
}

/** Regressions: checks (or, without per-check results, rules) that passed before and fail now. */
export const regressionCount = (cmp: BaselineComparison): number =>
  cmp.checks ? cmp.checks.regressions.length : cmp.rules.regressions.length;

const list = (items: string[], max = 20) => [...items.slice(0, max), ...(items.length > max ? [`... and ${items.length - max} more`] : [])];

/** The comparison as lines for stdout and the markdown report (the html renders the same lines). */
export function baselineLines(cmp: BaselineComparison): string[] {
  const c = cmp.checks;
  const lines = [
    `Baseline: ${cmp.baseline.file} (${cmp.baseline.generatedAt}${cmp.baseline.suiteCommit ? `, suite ${cmp.baseline.suiteCommit}` : ''})`,
    `Verdict: ${cmp.verdict.before} -> ${cmp.verdict.after}${cmp.verdict.changed ? ' (changed)' : ''}; per service: ${cmp.services.map((s) => `${s.service} ${s.before ?? '-'} -> ${s.after ?? '-'}`).join('; ')}`,
    `Compared: ${cmp.compared.join(', ') || 'no service ran in both'}${cmp.onlyBefore.length ? `; only in the baseline: ${cmp.onlyBefore.join(', ')}` : ''}${cmp.onlyAfter.length ? `; only in this run: ${cmp.onlyAfter.join(', ')}` : ''}`,
  ];
  if (c) {
    lines.push(
      `Checks: ${c.regressions.length} regression(s), ${c.fixes.length} fix(es), ${c.added.length} added, ${c.removed.length} removed, ${c.newlySkipped.length} newly skipped, ${c.unskipped.length} no longer skipped, ${c.unchanged} unchanged`,
    );
    const show = (label: string, ds: CheckDelta[]) => {
      if (ds.length)
        lines.push(
          `${label}:`,
          ...list(
            ds.map(
              (d) =>
                `  - [${d.project}] ${d.title} (${d.file})${d.rules.length ? ` rules ${d.rules.join(', ')}` : ''}: ${d.before ?? 'absent'} -> ${d.after ?? 'absent'}`,
            ),
          ),
        );
    };
    show('REGRESSIONS (passed in the baseline, failed now)', c.regressions);
    show('Fixes (failed in the baseline, passed now)', c.fixes);
    show('Checks added', c.added);
    show('Checks removed', c.removed);
    show('Newly skipped', c.newlySkipped);
  } else lines.push(`Checks: ${cmp.checksNote}`);
  const r = cmp.rules;
  lines.push(
    `Rules: ${r.regressions.length} regression(s), ${r.fixes.length} fix(es), coverage gained ${r.gained.length}, lost ${r.lost.length}`,
  );
  const rule = (d: RuleDelta) => `  - ${d.service} ${d.id}: ${d.before ?? 'absent'} -> ${d.after ?? 'absent'}`;
  if (r.regressions.length) lines.push('Rules regressed:', ...list(r.regressions.map(rule)));
  if (r.fixes.length) lines.push('Rules fixed:', ...list(r.fixes.map(rule)));
  if (r.gained.length) lines.push('Rule coverage gained:', ...list(r.gained.map(rule)));
  if (r.lost.length) lines.push('Rule coverage lost:', ...list(r.lost.map(rule)));
  for (const cov of cmp.coverage)
    lines.push(
      `Coverage ${cov.service}: ${cov.before} -> ${cov.after} (operation, status) pairs exercised${cov.gained.length ? `; gained ${cov.gained.join(', ')}` : ''}${cov.lost.length ? `; lost ${cov.lost.join(', ')}` : ''}`,
    );
  return lines;
}
