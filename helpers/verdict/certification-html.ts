// reports/certification.html: the certification as one self-contained page to mail to an auditor (no
// server, no external file: inline CSS, SVG and a small inline filter script). Its first screen says
// the verdict, what blocks it and what was not run; then the provenance, the failures grouped by the
// rule they break and the operation, each with the exchange that failed it, the check's own words,
// the rule's sentence and source, and the command that runs it again; then conflicts, skips, every
// rule (the passing ones folded by kind), the coverage matrix and every check's result. It carries
// everything certification.json holds (tests/self/certification-html.spec.ts walks the JSON against
// the page). Everything in it is already redacted.
import { sourcesOf } from '../contract/conflicts.js';
import { alsoBrokenText, CONFLICT_GROUPS } from './certification.js';
import { baselineLines } from './baseline.js';
import type { Certification, FailedCheck, FailureGroup, RuleOutcome, ServiceVerdict, VersionExplanation } from './model.js';
import { exercisedCell, reasonLine, type ServiceCoverage } from './coverage-report.js';

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const COLOR: Record<string, string> = {
  PASS: '#1a7f37',
  FAIL: '#cf222e',
  CONDITIONAL: '#bf8700',
  PARTIAL: '#0969da',
  'NOT RUN': '#6e7781',
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const tally = (c: { passed: number; failed: number; skipped: number }) => `${c.passed}/${c.failed}/${c.skipped}`;
const badge = (v: string) => `<span class="verdict" style="background:${COLOR[v] ?? '#6e7781'}">${esc(v)}</span>`;
const anchor = (s: string, i: number) => `f-${s}-${i}`;

/** Horizontal stacked bars (passed / failed / skipped) with a label each, as inline SVG. */
function bars(title: string, rows: { label: string; passed: number; failed: number; skipped: number }[]): string {
  if (rows.length === 0) return '';
  const width = 420;
  const max = Math.max(1, ...rows.map((r) => r.passed + r.failed + r.skipped));
  const h = 22;
  const body = rows
    .map((r, i) => {
      const y = i * (h + 6);
      let x = 170;
      const seg = (n: number, color: string, what: string) => {
        const w = (n / max) * width;
        const rect = n
          ? `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${h}" fill="${color}"><title>${what}: ${n}</title></rect>`
          : '';
        x += w;
        return rect;
      };
      return (
        `<text x="0" y="${y + 15}" font-size="12">${esc(r.label)}</text>${seg(r.passed, '#1a7f37', 'passed')}${seg(r.failed, '#cf222e', 'failed')}${seg(r.skipped, '#afb8c1', 'skipped')}` +
        `<text x="${(x + 6).toFixed(1)}" y="${y + 15}" font-size="11">${r.passed}/${r.failed}/${r.skipped}</text>`
      );
    })
    .join('');
  return `<figure><figcaption>${esc(title)} (passed / failed / skipped)</figcaption><svg role="img" aria-label="${esc(title)}" width="${170 + width + 90}" height="${rows.length * (h + 6)}">${body}</svg></figure>`;
}

function byKind(services: ServiceVerdict[]) {
  const kinds = new Map<string, { passed: number; failed: number; skipped: number }>();
  for (const r of services.flatMap((s) => s.rules)) {
    const k = kinds.get(r.kind) ?? { passed: 0, failed: 0, skipped: 0 };
    if (r.outcome === 'passed') k.passed++;
    else if (r.outcome === 'failed') k.failed++;
    else k.skipped++;
    kinds.set(r.kind, k);
  }
  return [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([label, c]) => ({ label, ...c }));
}

function matrix(cov: ServiceCoverage, pairs: string[] | undefined): string {
  const statuses = [...new Set(cov.pairs.map((p) => p.status))].sort();
  const ops = [...new Set(cov.pairs.map((p) => p.operationId))];
  const cell = (op: string, st: string) => {
    const p = cov.pairs.find((x) => x.operationId === op && x.status === st);
    if (!p) return '<td class="na"></td>';
    if (p.exercised) return `<td class="yes" title="${esc(op)} ${esc(st)}: ${p.calls} calls">${p.calls}</td>`;
    // A pair the contract says no request provokes (x-unexercised): its reason, worded as in coverage.md.
    return p.reason
      ? `<td class="na" title="${esc(reasonLine(p.reason))}">${esc(exercisedCell(p))}</td>`
      : '<td class="no">not exercised (no stated reason)</td>';
  };
  return (
    `<details class="matrix-box"><summary>${esc(cov.service)}: ${cov.exercised}/${cov.documented} documented (operation, status) pairs exercised</summary>` +
    `<table class="matrix" aria-label="coverage ${esc(cov.service)}"><tr><th>operation</th>${statuses.map((s) => `<th>${esc(s)}</th>`).join('')}</tr>` +
    ops.map((op) => `<tr data-search><th>${esc(op)}</th>${statuses.map((s) => cell(op, s)).join('')}</tr>`).join('') +
    '</table>' +
    (pairs?.length ? `<p class="small">Exercised: ${pairs.map(esc).join(', ')}</p>` : '') +
    '</details>'
  );
}

/** The sentence and source of each rule a group breaks (schemas/<service>/rules.yaml). */
function ruleHead(ids: string[], rules: Map<string, RuleOutcome>): string {
  return ids
    .map((id) => {
      const r = rules.get(id);
      return r
        ? `<p class="rule"><code>${esc(id)}</code> ${esc(r.text)} <span class="small">(${esc(r.kind)}, ${esc(r.source)}: ${esc(r.cite)})</span></p>`
        : `<p class="rule"><code>${esc(id)}</code> <span class="small">(not in the catalogue)</span></p>`;
    })
    .join('');
}

function failedCheck(c: FailedCheck): string {
  const ev = c.evidence;
  return (
    `<div class="check" data-search>` +
    `<p><b>${esc(c.title)}</b> <span class="small">${esc(c.project)} · ${esc(c.file)}${c.line ? `:${c.line}` : ''}</span></p>` +
    `<p class="small">Judged by <code>${esc(c.check)}</code>:</p><pre class="judged">${esc(c.judged)}</pre>` +
    (ev
      ? `<p class="small evidence-how" data-how="${esc(ev.how)}">Evidence (${esc(ev.how)}): ${esc(ev.note)}</p>${ev.exchanges
          .slice(0, 1)
          .map((x) => `<pre class="exchange">${esc(x)}</pre>`)
          .join('')}${
          ev.exchanges.length > 1
            ? `<details><summary>${plural(ev.exchanges.length - 1, 'more exchange')}</summary>${ev.exchanges
                .slice(1)
                .map((x) => `<pre class="exchange">${esc(x)}</pre>`)
                .join('')}</details>`
            : ''
        }`
      : '<p class="small">Evidence: the check recorded no exchange.</p>') +
    `<p class="small">Run it again:</p><pre class="rerun"><code>${esc(c.rerun)}</code></pre>` +
    `<details><summary>Whole message</summary><pre>${esc(c.message.slice(0, 4000))}</pre></details>` +
    '</div>'
  );
}

/** A group written before failures carried their checks (a merged older report): its titles, message and exchange. */
function legacyGroup(g: FailureGroup): string {
  return (
    `<ul>${g.titles.map((t) => `<li data-search>${esc(t)}</li>`).join('')}</ul><pre>${esc(g.message.slice(0, 4000))}</pre>` +
    (g.exchange ? `<p class="small">Evidence (redacted exchange):</p><pre class="exchange">${esc(g.exchange)}</pre>` : '')
  );
}

/** Failures by the rule they break, then by operation. */
function failures(s: ServiceVerdict, rules: Map<string, RuleOutcome>): string {
  if (!s.failures.length) return '';
  const byRule = new Map<string, { head: string; groups: [FailureGroup, number][] }>();
  s.failures.forEach((g, i) => {
    const broken = g.broken ?? [];
    const key = broken.length ? broken.join(' + ') : `check ${g.check ?? g.cause}`;
    const entry = byRule.get(key) ?? {
      head: broken.length
        ? `<h4>${broken.map((id) => `<code>${esc(id)}</code>`).join(' + ')}${broken.length > 1 ? ' <span class="small">(the checks cite these rules; which one the failure breaks is not told)</span>' : ''}</h4>${ruleHead(broken, rules)}`
        : `<h4>No rule: ${esc(g.check ?? g.cause)}</h4>`,
      groups: [],
    };
    entry.groups.push([g, i]);
    byRule.set(key, entry);
  });
  return (
    `<h3>Failures, by the rule they break and the operation</h3>` +
    [...byRule.values()]
      .map(
        (r) =>
          `<div class="rule-group" data-search>${r.head}${r.groups
            .map(
              ([g, i], n) =>
                // One screen per cause: the rule's first operation open with its first check; the rest folded.
                `<details${n === 0 ? ' open' : ''} id="${anchor(s.service, i)}"><summary>${g.blocking ? '<b class="blocking">blocking</b> ' : ''}(${esc(g.source)}) <b>${esc(g.operationId ?? 'operation not told')}</b>: ${plural(g.titles.length, 'check')} <span class="small">${esc(g.cause)}</span></summary>` +
                (g.notJudged?.length
                  ? `<p class="small">Not judged after it: ${g.notJudged.map((id) => `<code>${esc(id)}</code>`).join(', ')}, in checks that failed after this step of theirs failed (no judgement of their own).</p>`
                  : '') +
                (alsoBrokenText(g)
                  ? `<p class="small">${esc(alsoBrokenText(g)!.replace(/^a/, 'A'))}: general rules judging the same fault (one cause).</p>`
                  : '') +
                (g.rules.length ? `<p class="small">Rules the checks cite: ${g.rules.map(esc).join(', ')}</p>` : '') +
                (g.checks?.length
                  ? failedCheck(g.checks[0]) +
                    (g.checks.length > 1
                      ? `<details><summary>${plural(g.checks.length - 1, 'more check')} of this cause</summary>${g.checks.slice(1).map(failedCheck).join('')}</details>`
                      : '')
                  : legacyGroup(g)) +
                '</details>',
            )
            .join('')}</div>`,
      )
      .join('')
  );
}

function rulesTable(rows: RuleOutcome[]): string {
  return `<table><tr><th>rule</th><th>source</th><th>kind</th><th>outcome</th><th>checks p/f/s</th><th>cite</th></tr>${rows
    .map(
      (r) =>
        `<tr class="${r.outcome === 'not run' ? 'notrun' : r.outcome}" data-search><td><code>${esc(r.id)}</code>: ${esc(r.text)}</td><td>${esc(r.source)}</td><td>${esc(r.kind)}</td><td>${esc(r.outcome === 'not judged' ? `not judged (${r.notJudged})` : r.outcome)}</td><td>${tally(r.checks)}</td><td class="small">${esc(r.cite)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** The failures a newer version's document explains: each still a failure of the certified contract (helpers/verdict/model.ts newerVersion). */
function newerVersion(e: VersionExplanation): string {
  const row = (f: VersionExplanation['explained'][number], documented: boolean) =>
    `<tr data-search><td>${documented ? `documented in ${esc(e.to)}` : '<strong>unexplained</strong>'}</td><td>${esc(f.operationId ?? '')}${f.received ? ` answers ${esc(f.received)}` : ''}</td><td>${esc(f.title)} <span class="small">(${esc(f.service)}, <code>${esc(f.file)}</code>, ${esc(f.check)})</span></td><td class="small">${f.explainedBy
      .map((c) => `${esc(c.kind)}: ${esc(c.detail)} (${esc(c.where)}; <code>${esc(c.key)}</code>)`)
      .join('<br>')}</td></tr>`;
  return (
    `<h3>The failures against the provider's ${esc(e.to)} document</h3>` +
    `<p>Each failure above is a failure of the ${esc(e.from)} contract this run certified, and the verdict counts it. Documented in ${esc(e.to)}: ${e.explained.length}; unexplained: ${e.unexplained.length} (${e.announced} changes announced between ${esc(e.from)} and ${esc(e.to)}).</p>` +
    `<table><tr><th>class</th><th>operation</th><th>check</th><th>the announced change</th></tr>${[
      ...e.explained.map((f) => row(f, true)),
      ...e.unexplained.map((f) => row(f, false)),
    ].join('')}</table>`
  );
}
function service(s: ServiceVerdict, cert: Certification): string {
  const rules = new Map(s.rules.map((r) => [r.id, r]));
  const notPassed = s.rules.filter((r) => r.outcome !== 'passed');
  const passedByKind = new Map<string, RuleOutcome[]>();
  for (const r of s.rules.filter((x) => x.outcome === 'passed')) passedByKind.set(r.kind, [...(passedByKind.get(r.kind) ?? []), r]);
  const reasons = Object.entries(s.skippedReasons).sort((a, b) => b[1] - a[1]);
  const results = (cert.results ?? []).filter((r) => r.project === s.service);
  return (
    `<section class="service" id="s-${esc(s.service)}"><h2>${esc(s.title)} <span class="small">(${esc(s.service)}, contract ${esc(s.contractVersion)})</span>: ${badge(s.verdict)}</h2>` +
    (s.warning ? `<p class="warning">${esc(s.warning)}</p>` : '') +
    (s.stoppedBy ? `<p class="warning">Stopped by: ${esc(s.stoppedBy)}</p>` : '') +
    `<p>Checks passed/failed/skipped: seed ${tally(s.seed)}, provider ${tally(s.provider)}, assumption ${tally(s.assumption)}; coverage ${s.coverage.exercised}/${s.coverage.documented} (operation, status) pairs.${s.statements ? ` Statements of the documents traced to a rule: ${s.statements.traced}/${s.statements.total} (${s.statements.notCheckable} not checkable, each with its reason).` : ''}</p>` +
    failures(s, rules) +
    (s.newerVersion ? newerVersion(s.newerVersion) : '') +
    CONFLICT_GROUPS.map((group) => {
      const met = s.conflicts.filter((c) => (c.kind ?? 'seed-vs-provider') === group.kind);
      if (!met.length) return '';
      return `<h3>${esc(group.title[0].toUpperCase() + group.title.slice(1))}</h3><p class="small">${esc(group.intro)}</p>${met
        .map((c) => {
          const { kept, followed } = sourcesOf(c);
          return (
            `<details open data-search><summary><code>${esc(c.id)}</code>: ${plural(c.titles.length, 'check')}</summary>` +
            `<ul><li>${esc(kept.label)}: ${esc(kept.text)}</li><li>${esc(followed.label)}: ${esc(followed.text)}</li><li>Decision: ${esc(c.decision)}</li><li>Rules: ${c.rules.map(esc).join(', ')}</li></ul>` +
            `<ul>${c.titles.map((t) => `<li>Check: ${esc(t)}</li>`).join('')}</ul></details>`
          );
        })
        .join('')}`;
    }).join('') +
    (reasons.length
      ? `<h3>Skipped checks, by reason</h3><table class="skips"><tr><th>checks</th><th>reason</th></tr>${reasons
          .map(([reason, n]) => `<tr data-search><td>${n}</td><td>${esc(reason)}</td></tr>`)
          .join('')}</table>`
      : '') +
    ((s.coverage.unexercised ?? []).length
      ? `<h3 id="unexercised-${esc(s.service)}">Documented statuses not exercised</h3><table class="skips"><tr><th>operation and status</th><th>why</th><th>sources read</th></tr>${s.coverage
          .unexercised!.map(
            (u) =>
              `<tr data-search><td>${esc(u.pair)}</td><td>${u.why ? `${esc(u.why)}: ${esc(u.note)}${u.rule ? ` (rule ${esc(u.rule)})` : ''}` : '<strong>no stated reason</strong>'}</td><td class="small">${(u.read ?? []).map(esc).join('; ')}</td></tr>`,
          )
          .join('')}</table>`
      : '') +
    (notPassed.length
      ? `<h3 id="rules-${esc(s.service)}">Rules not passed</h3>${rulesTable(notPassed)}`
      : s.rules.length
        ? ''
        : '<p>No rule catalogue.</p>') +
    (passedByKind.size
      ? `<h3>Rules passed, by kind</h3>${[...passedByKind]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([kind, rows]) =>
              `<details class="kind"><summary>${esc(kind)}: ${plural(rows.length, 'rule')} passed</summary>${rulesTable(rows)}</details>`,
          )
          .join('')}`
      : '') +
    (s.rulePaths
      ? `<h3>Every path of every rule</h3><p>Rules ${s.rulePaths.rules}, paths ${s.rulePaths.paths}, cells ${s.rulePaths.cells}: covered ${s.rulePaths.covered}, justified ${s.rulePaths.justified}, empty ${s.rulePaths.empty}.</p>` +
        (s.rulePaths.open.length
          ? `<details><summary>${plural(s.rulePaths.open.length, 'cell')} not covered by a check that ran</summary><table><tr><th>rule</th><th>path</th><th>from</th><th>state</th><th>why</th></tr>${s.rulePaths.open
              .map(
                (c) =>
                  `<tr class="${c.state === 'empty' ? 'failed' : 'skipped'}" data-search><td>${esc(c.rule)}</td><td>${esc(c.path)}</td><td>${esc(c.from)}</td><td>${esc(c.state)}</td><td>${esc(c.reason ?? '')}</td></tr>`,
              )
              .join('')}</table></details>`
          : '') +
        (s.rulePaths.properties?.length
          ? `<table><tr><th>property</th><th>rule</th><th>applies to</th><th>checked</th><th>left out</th></tr>${s.rulePaths.properties
              .map(
                (t) =>
                  `<tr class="${t.unaccounted.length ? 'failed' : 'passed'}" data-search><td>${esc(t.property)}</td><td>${esc(t.rule)}</td><td>${t.applies.length}</td><td>${t.checked.length}</td><td>${[
                    ...t.exceptions.map((e) => esc(`${e.operationId}: ${e.reason}`)),
                    ...t.unaccounted.map((op) => `<b>${esc(op)}: no reason</b>`),
                  ].join('<br>')}</td></tr>`,
              )
              .join('')}</table>`
          : '')
      : '') +
    (results.length
      ? `<h3>Every check's result</h3><details class="results"><summary>${plural(results.length, 'check')}: ${results.filter((r) => r.status === 'passed').length} passed, ${results.filter((r) => r.status === 'failed').length} failed, ${results.filter((r) => r.status === 'skipped').length} skipped</summary><table><tr><th>status</th><th>check</th><th>file</th><th>rules</th></tr>${results
          .map(
            (r) =>
              `<tr class="${r.status}" data-search><td>${esc(r.status)}</td><td>${esc(r.title)}</td><td class="small">${esc(r.file)} (${esc(r.project)})</td><td class="small">${r.rules.map(esc).join(' ')}</td></tr>`,
          )
          .join('')}</table></details>`
      : '') +
    '</section>'
  );
}

/** The first screen: the verdict, what blocks it, what was not run. */
function glance(cert: Certification): string {
  // One line per rule (or check) broken, its operations linked to their groups.
  const blocks = cert.services.flatMap((s) => {
    const lines = new Map<string, { blocking: boolean; head: string; ops: string[] }>();
    s.failures.forEach((g, i) => {
      const broken = g.broken ?? [];
      const key = broken.length ? broken.join(' + ') : (g.check ?? g.cause);
      const words = broken
        .map((id) => s.rules.find((r) => r.id === id)?.text)
        .filter(Boolean)
        .join('; ');
      const line = lines.get(key) ?? {
        blocking: false,
        head: `${esc(s.service)}: <code>${esc(key)}</code>${words ? ` ${esc(words.length > 140 ? `${words.slice(0, 140)}...` : words)}` : broken.length ? '' : ' (no rule)'}`,
        ops: [],
      };
      if (alsoBrokenText(g)) line.head += ` <span class="small">(${esc(alsoBrokenText(g)!)})</span>`;
      if (g.notJudged?.length) line.head += ` <span class="small">(not judged after it: ${g.notJudged.map(esc).join(', ')})</span>`;
      line.blocking ||= g.blocking;
      line.ops.push(`<a href="#${anchor(s.service, i)}">${esc(g.operationId ?? 'operation not told')}</a> (${g.titles.length})`);
      lines.set(key, line);
    });
    return [...lines.values()].map(
      (l) => `<li data-search>${l.blocking ? '<b class="blocking">blocking</b> ' : ''}${l.head}: ${l.ops.join(', ')}</li>`,
    );
  });
  const conflicts = cert.services.flatMap((s) =>
    s.conflicts.map(
      (c) =>
        `<li>${esc(s.service)}: ${c.kind === 'provider-example' ? 'known provider deviation' : 'seed-vs-provider conflict'} <code>${esc(c.id)}</code> (${plural(c.titles.length, 'check')})</li>`,
    ),
  );
  const skipped = cert.services.flatMap((s) => {
    const reasons = Object.entries(s.skippedReasons).sort((a, b) => b[1] - a[1]);
    const n = reasons.reduce((t, [, k]) => t + k, 0);
    if (!n && !s.warning) return [];
    return [
      `<li>${esc(s.service)}: ${plural(n, 'check')} not run${s.warning ? ` <span class="warning">(${esc(s.warning)})</span>` : ''}${
        reasons.length
          ? `<ul>${reasons
              .slice(0, 4)
              .map(([r, k]) => `<li>${k}: ${esc(r.length > 160 ? `${r.slice(0, 160)}...` : r)}</li>`)
              .join('')}${reasons.length > 4 ? `<li><a href="#s-${esc(s.service)}">${reasons.length - 4} more reasons</a></li>` : ''}</ul>`
          : ''
      }</li>`,
    ];
  });
  // The verdict's other limits: documented statuses no check provoked, rules no check could judge.
  for (const s of cert.services) {
    const unexercised = s.coverage.unexercised ?? [];
    const unstated = unexercised.filter((u) => !u.why).length;
    const notJudged = s.rules.filter((r) => r.outcome === 'not judged').length;
    if (unexercised.length)
      skipped.push(
        `<li>${esc(s.service)}: ${plural(unexercised.length, 'documented status', 'documented statuses')} not exercised${unstated ? ` (<b>${unstated} with no stated reason</b>)` : ', each with the reason the contract states'}: <a href="#unexercised-${esc(s.service)}">listed</a></li>`,
      );
    if (notJudged)
      skipped.push(
        `<li>${esc(s.service)}: ${plural(notJudged, 'rule')} not judged (stopped after an earlier failure): <a href="#rules-${esc(s.service)}">listed</a></li>`,
      );
  }
  // A partial run: the services it did not select at all are not run either.
  const certified = new Set(cert.services.map((s) => s.service));
  const unselected = Object.keys(cert.provenance?.targets ?? {}).filter((s) => !certified.has(s));
  if (cert.provenance && !cert.provenance.whole && unselected.length)
    skipped.push(`<li>Not selected: ${unselected.map(esc).join(', ')} (a PASS needs the whole suite)</li>`);
  return (
    `<div class="glance">` +
    `<div><h3>${blocks.length ? 'What fails' : cert.checks.run ? 'Nothing fails' : 'Nothing ran'}</h3>${blocks.length ? `<ul>${blocks.join('')}</ul>` : `<p>${cert.checks.run ? `${cert.checks.run} checks ran, none failed.` : 'No check ran.'}</p>`}${conflicts.length ? `<ul>${conflicts.join('')}</ul>` : ''}</div>` +
    `<div><h3>Not run, not judged</h3>${skipped.length ? `<ul>${skipped.join('')}</ul>` : '<p>Every selected check ran; every documented status was exercised.</p>'}</div>` +
    '</div>'
  );
}

function provenance(cert: Certification): string {
  const p = cert.provenance;
  const g = cert.guest;
  const items = [
    `Target: <b>${esc(cert.target)}</b>; generated ${esc(cert.generatedAt)}${cert.runId ? `; run ${esc(cert.runId)}` : ''}`,
    `Checks: ${cert.checks.run} run, ${cert.checks.skipped} skipped, of ${cert.checks.selected} selected`,
    ...(cert.startedAt ? [`Started ${esc(cert.startedAt)}; ran ${cert.durationSeconds} s`] : []),
  ];
  if (p) {
    const f = p.filters;
    items.push(
      `Suite commit: <code>${esc(p.suiteCommit)}</code>${p.suiteCommit.endsWith('-dirty') ? ' (the work tree had uncommitted changes)' : ''}`,
      ...(p.environment
        ? [
            `Run by ${esc(p.environment.user)} on ${esc(p.environment.host)}: suite ${esc(p.environment.suite)}, Node ${esc(p.environment.node)}, Playwright ${esc(p.environment.playwright)}`,
          ]
        : []),
      `Mock faults switched on: ${p.faults?.length ? p.faults.map((f) => `<code>${esc(f)}</code>`).join(', ') : 'none'}`,
      `Contracts: ${p.contracts.map((c) => `${esc(c.service)} ${esc(c.version)} (sha256 ${esc(c.sha256)})`).join('; ')}`,
      `Target hosts: ${Object.entries(p.targets)
        .map(([s, h]) => `${esc(s)}: <code>${esc(h)}</code>`)
        .join('; ')}`,
      `Selection: ${p.whole ? 'the whole suite' : 'partial'}: projects ${f.projects.map(esc).join(', ') || 'none'}${f.grep ? `; --grep ${esc(f.grep)}` : ''}${f.grepInvert ? `; --grep-invert ${esc(f.grepInvert)}` : ''}${f.shard ? `; --shard ${esc(f.shard)}` : ''}${f.files.length ? `; files ${f.files.map(esc).join(' ')}` : ''}`,
    );
  }
  if (g) {
    const deletable = g.leftBehind.filter((l) => l.deletable);
    const kept = g.leftBehind.filter((l) => !l.deletable);
    items.push(
      `<span id="guest">Sandbox guest: ${g.created} objects created, ${g.deleted} deleted, ${
        deletable.length ? `<b class="blocking">${deletable.length} deletable left behind</b>` : 'none deletable left behind'
      }${kept.length ? `, ${kept.length} the API offers no delete for` : ''}; ${plural(g.retries, 'call')} waited out a 429 (${g.retryWaitSeconds} s)</span>` +
        (g.kinds?.length
          ? `<details><summary>Per kind: created = deleted + no delete offered + left behind</summary><table><tr><th>service</th><th>object</th><th>created</th><th>deleted</th><th>no delete offered</th><th>deletable left</th></tr>${g.kinds
              .map(
                (k) =>
                  `<tr><td>${esc(k.service)}</td><td>${esc(k.kind)}</td><td>${k.created}</td><td>${k.deleted}</td><td>${k.cannotDelete}</td><td>${k.left}</td></tr>`,
              )
              .join('')}</table></details>`
          : '') +
        (g.leftBehind.length
          ? `<details><summary>Left behind (${g.leftBehind.length})</summary><ul>${g.leftBehind
              .map(
                (l) =>
                  `<li>${esc(l.service)} ${esc(l.kind)} ${esc(l.id ?? '')}: ${l.deletable ? 'deletable (npm run sandbox:cleanup)' : 'no delete offered'}</li>`,
              )
              .join('')}</ul></details>`
          : ''),
    );
  }
  if (cert.leakScan)
    items.push(
      `Leak scan: ${cert.leakScan.scanned} files; ${
        cert.leakScan.leaks.length
          ? `<b class="blocking">${cert.leakScan.leaks.length} found</b>: ${cert.leakScan.leaks.map((l) => `${esc(l.what)} in <code>${esc(l.file)}</code>`).join('; ')}`
          : 'no card data or secret found'
      }`,
    );
  return `<ul class="provenance">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

// The filter: shows the failures, rules, skips and results whose text holds what is typed (a rule id,
// an operation), opening what holds them; nothing leaves the page.
const SCRIPT = `(function(){var q=document.getElementById('filter');var n=document.getElementById('filter-count');
var items=[].slice.call(document.querySelectorAll('[data-search]'));
function has(e,t){return e.textContent.toLowerCase().indexOf(t)>=0;}
function within(e,t){for(var p=e.parentElement;p;p=p.parentElement){if(p.hasAttribute('data-search')&&has(p,t)&&p.querySelector('h4')&&has(p.querySelector('h4'),t))return true;}return false;}
function run(){var t=q.value.trim().toLowerCase();var shown=0;items.forEach(function(e){var ok=!t||has(e,t)||within(e,t);e.classList.toggle('hidden',!ok);if(ok&&t){shown++;for(var p=e.parentElement;p;p=p.parentElement){if(p.tagName==='DETAILS')p.open=true;}}});
n.textContent=t?shown+' matching':'';}
q.addEventListener('input',run);
window.addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true;});});})();`;

export function certificationHtml(cert: Certification, coverage: ServiceCoverage[], sha256?: string): string {
  const rows = cert.services.map((s) => ({
    label: s.service,
    passed: s.seed.passed + s.provider.passed + s.assumption.passed,
    failed: s.seed.failed + s.provider.failed + s.assumption.failed,
    skipped: s.seed.skipped + s.provider.skipped + s.assumption.skipped,
  }));
  const pairs = new Map(cert.services.map((s) => [s.service, s.coverage.exercisedPairs]));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certification: ${esc(cert.verdict)}</title><style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1150px}h1{margin:0 0 8px}.verdict{color:#fff;padding:2px 10px;border-radius:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:3px 6px;text-align:left;vertical-align:top}
.matrix td{text-align:center}.yes{background:#dafbe1}.no{background:#ffebe9}.na{background:#f6f8fa}tr.failed td{background:#ffebe9}tr.skipped td,tr.notrun td{color:#57606a}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:8px;margin:4px 0}.warning{color:#9a6700}figure{margin:12px 0}figcaption{font-weight:600}
.small{font-size:12px;color:#57606a}.blocking{color:#cf222e}.glance{display:flex;gap:24px;flex-wrap:wrap;border:1px solid #d0d7de;border-radius:6px;padding:4px 16px;margin:8px 0}.glance>div{flex:1 1 420px}
.check{border-left:3px solid #cf222e;padding:2px 10px;margin:8px 0}.rule-group{border:1px solid #d0d7de;border-radius:6px;padding:4px 12px;margin:10px 0}.rule{margin:2px 0}
pre.exchange{max-height:360px;overflow:auto}.controls{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #d0d7de;z-index:1}.hidden{display:none!important}
summary{cursor:pointer}h4{margin:8px 0 2px}
@media print{.controls{display:none}details>summary{list-style:none}details::details-content{content-visibility:visible;display:contents}pre.exchange{max-height:none;overflow:visible}body{margin:0;max-width:none}.hidden{display:revert!important}}
</style></head><body>
<h1>Certification: ${badge(cert.verdict).replace('<span class="verdict"', '<span class="verdict" id="verdict"')}</h1>
${cert.reason ? `<p id="reason">${esc(cert.reason)}</p>` : ''}
${cert.interrupted ? '<p class="warning" id="interrupted">Interrupted: the run was stopped by a signal (Ctrl-C or SIGTERM); the checks in progress then were interrupted, not failed, and the rest not run.</p>' : ''}
<table><tr><th>service</th><th>contract</th><th>verdict</th><th>seed p/f/s</th><th>provider p/f/s</th><th>assumption p/f/s</th><th>coverage</th><th>rules passed</th></tr>${cert.services
    .map(
      (s) =>
        `<tr><td><a href="#s-${esc(s.service)}">${esc(s.title)}</a></td><td>${esc(s.contractVersion)}</td><td>${badge(s.verdict)}</td><td>${tally(s.seed)}</td><td>${tally(s.provider)}</td><td>${tally(s.assumption)}</td><td>${s.coverage.exercised}/${s.coverage.documented}</td><td>${s.rules.length ? `${s.rules.filter((r) => r.outcome === 'passed').length}/${s.rules.length}` : 'no catalogue'}</td></tr>`,
    )
    .join('')}</table>
${glance(cert)}
${provenance(cert)}
<div class="controls"><label>Filter by rule id, operation or text: <input id="filter" type="search" placeholder="e.g. IN-PAGE-LIMIT or getPlan" size="40"></label> <span id="filter-count" class="small"></span></div>
${cert.baseline ? `<section id="baseline"><h2>Comparison with the baseline${(cert.baseline.checks?.regressions.length ?? cert.baseline.rules.regressions.length) ? ` ${badge('FAIL').replace('>FAIL<', `>${cert.baseline.checks?.regressions.length ?? cert.baseline.rules.regressions.length} regression(s)<`)}` : ''}</h2><pre>${esc(baselineLines(cert.baseline).join('\n'))}</pre></section>` : ''}
${cert.services.map((s) => service(s, cert)).join('')}
<section><h2>Charts</h2>${bars('Checks per service', rows)}${bars('Rules per kind', byKind(cert.services))}</section>
<section><h2>Coverage matrix</h2>${coverage.map((c) => matrix(c, pairs.get(c.service))).join('')}</section>
<p class="small">A failure is counted under the source of the rule whose judgement failed: seed (the API description), provider (the provider's published OpenAPI document), assumption (a decision of the reference page). PASS: every check of the whole suite passed. FAIL: a rule the seed or the provider states failed, or a sensitive value came back in clear. CONDITIONAL: only rules resting on an assumption failed, or the target followed the provider where the seed says otherwise. PARTIAL: everything selected passed but the run did not select the whole suite. NOT RUN: no check ran.</p>
${sha256 ? `<p class="small">Certification sha256 (certification.json): <code>${sha256}</code></p>` : ''}
<script>${SCRIPT}</script>
</body></html>`;
}
