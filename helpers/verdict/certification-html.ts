// reports/certification.html: the certification as one self-contained page to mail or attach (no
// server, no script, no external file: inline CSS and SVG). Verdict and provenance, a chart of
// checks per service and per rule kind, the coverage matrix (operation x status), the failures
// grouped by root cause and the rules with their outcome. Everything in it is already redacted.
import { baselineLines } from './baseline.js';
import type { Certification, ServiceVerdict } from './model.js';
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

function matrix(cov: ServiceCoverage): string {
  const statuses = [...new Set(cov.pairs.map((p) => p.status))].sort();
  const ops = [...new Set(cov.pairs.map((p) => p.operationId))];
  const cell = (op: string, st: string) => {
    const p = cov.pairs.find((x) => x.operationId === op && x.status === st);
    if (!p) return '<td class="na"></td>';
    if (p.exercised) return `<td class="yes" title="${p.calls} calls">${p.calls}</td>`;
    // A pair the contract says no request provokes (x-unexercised): its reason, worded as in coverage.md.
    return p.reason
      ? `<td class="na" title="${esc(reasonLine(p.reason))}">${esc(exercisedCell(p))}</td>`
      : '<td class="no">not exercised (no stated reason)</td>';
  };
  return (
    `<table class="matrix" aria-label="coverage ${esc(cov.service)}"><caption>${esc(cov.service)}: ${cov.exercised}/${cov.documented} documented (operation, status) pairs exercised</caption>` +
    `<tr><th>operation</th>${statuses.map((s) => `<th>${esc(s)}</th>`).join('')}</tr>` +
    ops.map((op) => `<tr><th>${esc(op)}</th>${statuses.map((s) => cell(op, s)).join('')}</tr>`).join('') +
    '</table>'
  );
}

function service(s: ServiceVerdict): string {
  const failures = s.failures
    .map(
      (g) =>
        `<details open><summary>${g.blocking ? '<b>blocking</b> ' : ''}(${esc(g.source)}) ${esc(g.cause)}: ${g.titles.length} check(s)</summary>` +
        `<ul>${g.titles
          .slice(0, 20)
          .map((t) => `<li>${esc(t)}</li>`)
          .join('')}</ul><pre>${esc(g.message.slice(0, 4000))}</pre>` +
        (g.exchange ? `<p>Evidence (redacted exchange):</p><pre class="exchange">${esc(g.exchange)}</pre>` : '') +
        '</details>',
    )
    .join('');
  const rules = s.rules.length
    ? `<table><tr><th>rule</th><th>source</th><th>kind</th><th>outcome</th><th>checks</th></tr>${s.rules
        .map(
          (r) =>
            `<tr class="${r.outcome}"><td>${esc(r.id)}: ${esc(r.text)}</td><td>${esc(r.source)}</td><td>${esc(r.kind)}</td><td>${esc(r.outcome)}</td><td>${r.checks.passed}/${r.checks.failed}/${r.checks.skipped}</td></tr>`,
        )
        .join('')}</table>`
    : '<p>No rule catalogue.</p>';
  return (
    `<section><h2>${esc(s.title)}: <span class="verdict" style="background:${COLOR[s.verdict]}">${esc(s.verdict)}</span></h2>` +
    (s.warning ? `<p class="warning">${esc(s.warning)}</p>` : '') +
    (failures ? `<h3>Failures, grouped by root cause</h3>${failures}` : '') +
    ((s.conflicts ?? []).length
      ? `<h3>Seed-vs-provider conflicts</h3>${s.conflicts
          .map(
            (c) =>
              `<details open><summary>${esc(c.id)}: ${c.titles.length} check(s)</summary>` +
              `<ul><li>Seed: ${esc(c.seed)}</li><li>Provider: ${esc(c.provider)}</li><li>Decision: ${esc(c.decision)}</li></ul></details>`,
          )
          .join('')}`
      : '') +
    (s.rulePaths
      ? `<h3>Every path of every rule</h3><p>Rules ${s.rulePaths.rules}, paths ${s.rulePaths.paths}, cells ${s.rulePaths.cells}: covered ${s.rulePaths.covered}, justified ${s.rulePaths.justified}, empty ${s.rulePaths.empty}.</p>` +
        (s.rulePaths.open.length
          ? `<table><tr><th>rule</th><th>path</th><th>from</th><th>state</th><th>why</th></tr>${s.rulePaths.open
              .map(
                (c) =>
                  `<tr class="${c.state === 'empty' ? 'failed' : 'skipped'}"><td>${esc(c.rule)}</td><td>${esc(c.path)}</td><td>${esc(c.from)}</td><td>${esc(c.state)}</td><td>${esc(c.reason ?? '')}</td></tr>`,
              )
              .join('')}</table>`
          : '')
      : '') +
    `<h3>Rules</h3>${rules}</section>`
  );
}

/** The comparison with a baseline run: regressions first, in red. */
function baseline(cert: Certification): string {
  const cmp = cert.baseline!;
  const regressions = cmp.checks?.regressions.length ?? cmp.rules.regressions.length;
  return (
    `<section id="baseline"><h2>Comparison with the baseline${regressions ? ` <span class="verdict" style="background:${COLOR.FAIL}">${regressions} regression(s)</span>` : ''}</h2>` +
    `<pre>${esc(baselineLines(cmp).join('\n'))}</pre></section>`
  );
}

export function certificationHtml(cert: Certification, coverage: ServiceCoverage[]): string {
  const p = cert.provenance;
  const rows = cert.services.map((s) => ({
    label: s.service,
    passed: s.seed.passed + s.provider.passed + s.assumption.passed,
    failed: s.seed.failed + s.provider.failed + s.assumption.failed,
    skipped: s.seed.skipped + s.provider.skipped + s.assumption.skipped,
  }));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certification: ${esc(cert.verdict)}</title><style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1100px}h1{margin:0 0 8px}.verdict{color:#fff;padding:2px 10px;border-radius:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:3px 6px;text-align:left;vertical-align:top}
.matrix td{text-align:center}.yes{background:#dafbe1}.no{background:#ffebe9}.na{background:#f6f8fa}tr.failed td{background:#ffebe9}
pre{white-space:pre-wrap;background:#f6f8fa;padding:8px}.warning{color:#9a6700}figure{margin:12px 0}figcaption{font-weight:600}
</style></head><body>
<h1>Certification: <span class="verdict" id="verdict" style="background:${COLOR[cert.verdict]}">${esc(cert.verdict)}</span></h1>
${cert.reason ? `<p id="reason">${esc(cert.reason)}</p>` : ''}
<ul><li>Target: ${esc(cert.target)}; generated ${esc(cert.generatedAt)}</li><li>Checks: ${cert.checks.run} run, ${cert.checks.skipped} skipped, of ${cert.checks.selected} selected</li>
${p ? `<li>Suite commit: <code>${esc(p.suiteCommit)}</code></li><li>Contracts: ${p.contracts.map((c) => `${esc(c.service)} ${esc(c.version)} (sha256 ${esc(c.sha256)})`).join('; ')}</li><li>Selection: ${p.whole ? 'the whole suite' : 'partial'}</li>` : ''}
${cert.leakScan ? `<li>Leak scan: ${cert.leakScan.scanned} files, ${cert.leakScan.leaks.length} found</li>` : ''}</ul>
<table><tr><th>service</th><th>verdict</th><th>seed</th><th>provider</th><th>assumption</th><th>coverage</th></tr>${cert.services
    .map(
      (s) =>
        `<tr><td>${esc(s.title)}</td><td>${esc(s.verdict)}</td><td>${s.seed.passed}/${s.seed.failed}/${s.seed.skipped}</td><td>${s.provider.passed}/${s.provider.failed}/${s.provider.skipped}</td><td>${s.assumption.passed}/${s.assumption.failed}/${s.assumption.skipped}</td><td>${s.coverage.exercised}/${s.coverage.documented}</td></tr>`,
    )
    .join('')}</table>
${cert.baseline ? baseline(cert) : ''}${bars('Checks per service', rows)}${bars('Rules per kind', byKind(cert.services))}
<h2>Coverage matrix</h2>${coverage.map(matrix).join('')}
${cert.services.map(service).join('')}
</body></html>`;
}
