// reports/certification.{json,md,html}: the verdict with what was run, against what, by which suite;
// per service the checks by source, the failures grouped by the rule they break and the operation, each
// with its judgement, evidence and rerun command,
// the skipped checks with their reasons, and every rule of the catalogue with its outcome.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { echoedOutOf } from '../secrets/sent-ledger.js';
import { sourcesOf } from '../contract/conflicts.js';
import { baselineLines } from './baseline.js';
import { alsoBrokenText, CONFLICT_GROUPS } from './certification.js';
import type { Certification, ServiceVerdict, VersionExplanation } from './model.js';
import type { KindAccount } from '../client/guest/guest-log.js';
import { certificationHtml } from './certification-html.js';
import type { ServiceCoverage } from './coverage-report.js';
import { writeFileAtomic } from './write-file.js';

const f = (c: { passed: number; failed: number; skipped: number }) => `${c.passed} / ${c.failed} / ${c.skipped}`;
const fence = (text: string) => `\`\`\`\n${text.replace(/```/g, "'''").slice(0, 4000)}\n\`\`\``;

export function certificationLines(cert: Certification): string[] {
  const p = cert.provenance;
  const lines = [
    '# Certification report',
    '',
    `- Verdict: **${cert.verdict}**${cert.reason ? ` (${cert.reason})` : ''}`,
    `- Target: **${cert.target}**; generated ${cert.generatedAt}`,
    `- Checks: ${cert.checks.run} run, ${cert.checks.skipped} skipped, of ${cert.checks.selected} selected`,
  ];
  if (cert.guest) {
    const g = cert.guest;
    const left = g.leftBehind.filter((l) => l.deletable);
    const kept = new Map<string, number>();
    for (const l of g.leftBehind.filter((x) => !x.deletable)) kept.set(l.kind, (kept.get(l.kind) ?? 0) + 1);
    lines.push(
      `- Sandbox guest: ${g.created} objects created, ${g.deleted} deleted, ${
        left.length
          ? `**${left.length} deletable left behind**: ${left
              .slice(0, 10)
              .map((l) => `${l.kind} ${l.id}`)
              .join(', ')}`
          : 'none deletable left behind'
      }` +
        `${kept.size ? `; the API offers no delete for ${[...kept].map(([k, n]) => `${n} ${k}`).join(', ')}` : ''}; ${g.retries} calls waited out a 429 (${g.retryWaitSeconds} s)`,
    );
  }
  if (cert.leakScan) {
    lines.push(
      `- Leak scan: ${cert.leakScan.scanned} files; ${cert.leakScan.leaks.length ? `**${cert.leakScan.leaks.length} found**: ${cert.leakScan.leaks.map((l) => `${l.what} in \`${l.file}\``).join('; ')}` : 'no card data or secret found'}`,
    );
  }
  if (p) {
    lines.push(
      `- Suite commit: \`${p.suiteCommit}\`${p.suiteCommit.endsWith('-dirty') ? ' (the work tree had uncommitted changes)' : ''}`,
      ...(p.environment
        ? [
            `- Run by ${p.environment.user} on ${p.environment.host}: suite ${p.environment.suite}, Node ${p.environment.node}, Playwright ${p.environment.playwright}${cert.startedAt ? `; started ${cert.startedAt}, ${cert.durationSeconds} s` : ''}`,
          ]
        : []),
      `- Mock faults switched on: ${p.faults?.length ? p.faults.map((f) => `\`${f}\``).join(', ') : 'none'}`,
      `- Contracts: ${p.contracts.map((c) => `${c.service} ${c.version} (sha256 ${c.sha256})`).join('; ')}`,
      `- Target hosts: ${Object.entries(p.targets)
        .map(([s, h]) => `${s}: ${h}`)
        .join('; ')}`,
      `- Selection: ${
        p.whole
          ? 'the whole suite'
          : `partial: ${[
              p.filters.grep && `--grep ${p.filters.grep}`,
              p.filters.grepInvert && `--grep-invert ${p.filters.grepInvert}`,
              p.filters.shard && `--shard ${p.filters.shard}`,
              `projects ${p.filters.projects.join(', ')}`,
              p.filters.files.length ? `files ${p.filters.files.join(' ')}` : undefined,
            ]
              .filter(Boolean)
              .join('; ')}`
      }`,
    );
  }
  lines.push(
    '',
    "Checks are counted by the source their rule rests on: *seed* (the API description), *provider* (the provider's published OpenAPI document, where the seed shows nothing; tagged `@provider`), *assumption* (a decision of the reference page; tagged `@assumption`).",
    "PASS: every check of the whole suite passed. FAIL: a seed or provider check failed, or an auth, card-data or sensitive-data check whatever its source. CONDITIONAL: only assumption checks failed, or checks where the target follows the provider's published behaviour and the seed says otherwise (seed-vs-provider conflicts, listed with both sources), or what the provider's own example shows where its schema says otherwise (known provider deviations, listed the same way). PARTIAL: everything selected passed but the run did not select the whole suite. NOT RUN: no check ran.",
    '',
    '| service | contract | verdict | seed (pass/fail/skip) | provider (pass/fail/skip) | assumption (pass/fail/skip) | coverage | rules passed |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const s of cert.services) {
    const rules = s.rules.length ? `${s.rules.filter((r) => r.outcome === 'passed').length}/${s.rules.length}` : 'no catalogue';
    lines.push(
      `| ${s.title} | ${s.contractVersion} | **${s.verdict}**${s.warning ? ` (${s.warning})` : ''} | ${f(s.seed)} | ${f(s.provider)} | ${f(s.assumption)} | ${s.coverage.exercised}/${s.coverage.documented} | ${rules} |`,
    );
  }
  // The comparison with a baseline run (npm run certify -- --baseline), right after the verdicts.
  if (cert.baseline)
    lines.push(
      '',
      '## Comparison with the baseline',
      '',
      ...baselineLines(cert.baseline).map((l) => (l.startsWith('  - ') ? l.slice(2) : `- ${l}`)),
    );
  if (cert.guest?.kinds?.length) lines.push('', '## Sandbox guest', '', ...guestKindLines(cert.guest.kinds));
  for (const s of cert.services) lines.push(...serviceLines(s));
  lines.push('', 'Coverage per (operation, status): coverage.md. Exchanges of each check: the Allure report (`npm run report`).', '');
  return lines;
}

/** What the run made on the sandbox, per kind of object: each row created = deleted + kept + left. */
export function guestKindLines(kinds: KindAccount[]): string[] {
  return [
    '| service | object | created | deleted | the API cannot delete | deletable left behind |',
    '|---|---|---|---|---|---|',
    ...kinds.map((k) => `| ${k.service} | ${k.kind} | ${k.created} | ${k.deleted} | ${k.cannotDelete} | ${k.left ? `**${k.left}**` : 0} |`),
  ];
}

/** A certification's failures classed by a newer version's document, as the console and the reports print them. */
export function explanationLines(e: VersionExplanation): string[] {
  const lines = [
    `${e.service}: the ${e.from} contract's failures against the provider's ${e.to} document (${e.announced} changes announced between ${e.from} and ${e.to})`,
    `  documented in ${e.to}: ${e.explained.length}`,
    `  unexplained: ${e.unexplained.length}`,
  ];
  for (const f of e.explained) {
    const first = f.explainedBy[0];
    lines.push(
      `  [documented in ${e.to}] ${f.operationId}${f.received ? ` answers ${f.received}` : ''}: ${first.kind}: ${first.detail}${f.explainedBy.length > 1 ? ` (and ${f.explainedBy.length - 1} more)` : ''} - ${f.title} (${f.check})`,
    );
  }
  for (const f of e.unexplained)
    lines.push(
      `  [unexplained] ${f.operationId ?? '(no operation)'}${f.received ? ` answers ${f.received}` : ''} - ${f.title} (${f.check})`,
    );
  return lines;
}

/** The section of a service's failures a newer version explains: every one still counts in the verdict. */
function newerVersionLines(e: VersionExplanation): string[] {
  const [, ...classed] = explanationLines(e);
  return [
    '',
    `## ${e.service}: the failures against the provider's ${e.to} document`,
    '',
    `Each failure above is a failure of the ${e.from} contract this run certified, and the verdict counts it. Of them, ${e.explained.length} are documented in ${e.to}: the provider's ${e.to} document announces the change that explains the target's answer (${e.announced} changes announced between ${e.from} and ${e.to}); ${e.unexplained.length} are unexplained: no announced change explains them, what a move to ${e.to} would not account for.`,
    '',
    ...classed.map((l) => `- ${l.trim()}`),
  ];
}

function serviceLines(s: ServiceVerdict): string[] {
  const lines: string[] = [];
  if (s.statements)
    lines.push(
      '',
      `${s.service}: statements of the documents traced to a rule: ${s.statements.traced}/${s.statements.total} (${s.statements.notCheckable} not checkable, each with its reason; schemas/${s.service}/statements.yaml)`,
    );
  if (s.failures.length) {
    const ruleText = new Map(s.rules.map((r) => [r.id, r]));
    lines.push('', `## ${s.service}: failures, by the rule they break and the operation`, '');
    for (const g of s.failures) {
      lines.push(
        `### ${g.blocking ? '(blocking) ' : ''}(${g.source}) ${g.cause} — ${g.titles.length} check${g.titles.length > 1 ? 's' : ''}`,
        '',
      );
      for (const id of g.broken ?? []) {
        const r = ruleText.get(id);
        lines.push(`- Rule ${id}: ${r ? `${r.text} (${r.kind}, ${r.source}: ${r.cite})` : 'not in the catalogue'}`);
      }
      const also = alsoBrokenText(g);
      if (also) lines.push(`- ${also[0].toUpperCase()}${also.slice(1)} (general rules judging the same fault; one cause)`);
      if (g.notJudged?.length)
        lines.push(
          `- Not judged after it: ${g.notJudged.join(', ')} (checks that failed after this step of theirs failed, judging nothing of their own)`,
        );
      if (g.rules.length) lines.push(`- Rules the checks cite: ${g.rules.join(', ')}`, '');
      if (g.checks?.length) {
        lines.push("The first check's whole message:", '', fence(g.message), '');
        for (const c of g.checks.slice(0, 20)) {
          lines.push(
            `#### ${c.title}`,
            '',
            `${c.project}, \`${c.file}${c.line ? `:${c.line}` : ''}\`; judged by \`${c.check}\`:`,
            '',
            fence(c.judged),
            '',
          );
          if (c.evidence) lines.push(`Evidence (${c.evidence.how}): ${c.evidence.note}`, '', ...c.evidence.exchanges.map(fence), '');
          lines.push('Run it again:', '', fence(c.rerun), '');
        }
        if (g.checks.length > 20) lines.push(`- ... and ${g.checks.length - 20} more: ${g.titles.slice(20).join('; ')}`, '');
        continue;
      }
      for (const t of g.titles.slice(0, 20)) lines.push(`- ${t}`);
      if (g.titles.length > 20) lines.push(`- ... and ${g.titles.length - 20} more`);
      lines.push('', fence(g.message), '');
      if (g.exchange) lines.push('Evidence (the exchange that failed it, redacted):', '', fence(g.exchange), '');
    }
  }
  if (s.newerVersion) lines.push(...newerVersionLines(s.newerVersion));
  for (const group of CONFLICT_GROUPS) {
    const met = s.conflicts.filter((c) => (c.kind ?? 'seed-vs-provider') === group.kind);
    if (!met.length) continue;
    lines.push('', `## ${s.service}: ${group.title}`, '', group.intro, '');
    for (const c of met) {
      const { kept, followed } = sourcesOf(c);
      lines.push(
        `### ${c.id} — ${c.titles.length} check${c.titles.length > 1 ? 's' : ''}`,
        '',
        `- ${kept.label}: ${kept.text}`,
        `- ${followed.label}: ${followed.text}`,
        `- Decision: ${c.decision}`,
        `- Rules: ${c.rules.join(', ')}`,
      );
      for (const t of c.titles.slice(0, 10)) lines.push(`- Check: ${t}`);
      lines.push('');
    }
  }
  const left = s.coverage.unexercised ?? [];
  if (left.length) {
    lines.push(
      '',
      `## ${s.service}: documented statuses not exercised`,
      '',
      `Coverage ${s.coverage.exercised}/${s.coverage.documented}. Each pair the run did not provoke, with the reason the contract states (x-unexercised) and the sources read.`,
      '',
      '| operation and status | why | sources read |',
      '|---|---|---|',
    );
    for (const u of left)
      lines.push(
        `| ${u.pair} | ${u.why ? `${u.why}: ${u.note}${u.rule ? ` (rule ${u.rule})` : ''}` : '**no stated reason**'} | ${u.read?.join('; ') ?? ''} |`,
      );
  }
  const reasons = Object.entries(s.skippedReasons);
  if (reasons.length) {
    lines.push('', `## ${s.service}: skipped checks`, '');
    for (const [reason, n] of reasons) lines.push(`- ${n} skipped: ${reason}`);
  }
  if (s.rulePaths) {
    const rp = s.rulePaths;
    lines.push(
      '',
      `## ${s.service}: every path of every rule`,
      '',
      `Rules ${rp.rules}, paths ${rp.paths}, cells ${rp.cells}: covered ${rp.covered}, justified ${rp.justified}, empty ${rp.empty}.`,
    );
    if (rp.open.length) {
      lines.push('', '| rule | path | from | state | why |', '|---|---|---|---|---|');
      for (const c of rp.open)
        lines.push(`| ${c.rule} | ${c.path} | ${c.from} | ${c.state === 'empty' ? '**empty**' : c.state} | ${c.reason ?? ''} |`);
    }
    if (rp.properties?.length) {
      lines.push(
        '',
        'Properties (one checker each over every operation it applies to; each operation left out with its reason):',
        '',
        '| property | rule | applies to | checked | left out |',
        '|---|---|---|---|---|',
      );
      for (const t of rp.properties)
        lines.push(
          `| ${t.property} | ${t.rule} | ${t.applies.length} | ${t.checked.length} | ${[
            ...t.exceptions.map((e) => `${e.operationId}: ${e.reason}`),
            ...t.unaccounted.map((op) => `${op}: **no reason**`),
          ].join('<br>')} |`,
        );
    }
  }
  if (s.rules.length) {
    lines.push(
      '',
      `## ${s.service}: rules`,
      '',
      '| rule | source | kind | outcome | checks (pass/fail/skip) | cite |',
      '|---|---|---|---|---|---|',
    );
    for (const r of s.rules)
      lines.push(
        `| ${r.id}: ${r.text} | ${r.source} | ${r.kind} | ${r.outcome === 'failed' ? '**failed**' : r.outcome === 'not judged' ? `not judged (${r.notJudged})` : r.outcome} | ${f(r.checks)} | ${r.cite} |`,
      );
  }
  return lines;
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
