// reports/certification.html: one self-contained page for an auditor (inline CSS, SVG, a small filter script) rendering the
// markdown's blocks (certification-blocks.ts): the verdict, failures and what did not run first; then provenance, services
// with folds, charts, coverage. It holds all of certification.json (tests/self/certification-html.spec.ts), already redacted.
import { failureLines, totalOf } from './certification.js';
import { anchor, certificationBlocks, LEGEND } from './certification-blocks.js';
import type { Certification, ServiceVerdict } from './model.js';
import { exercisedCell, reasonLine, type ServiceCoverage } from './coverage-report.js';
import { b, badge, type Block, code, esc, h, html, inline, link, list, p, plural } from './render.js';

// The verdicts and the provenance stay whatever the filter keeps.
const fixed = (b: Block) => html([b]).replace(/ data-search/g, '');

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

/** The first screen: the verdict, what blocks it, what was not run. */
function glance(cert: Certification): string {
  const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}...` : text);
  // One line per rule (or check) broken, as the console says it, its operations linked to their groups.
  const fails = cert.services.flatMap((s) =>
    failureLines(s).map((l) => {
      const ops = l.groups.map(([g, i]) => `${link(g.operationId ?? 'operation not told', anchor(s.service, i))} (${g.titles.length})`);
      const words = l.words ? ` ${cut(l.words, 140)}` : l.broken ? '' : ' (no rule)';
      const notJudged = l.notJudged.length ? ` (not judged after it: ${l.notJudged.join(', ')})` : '';
      return `${l.blocking ? `${b('blocking')} ` : ''}${s.service}: ${code(l.key)}${words}${l.also ? ` (${l.also})` : ''}${notJudged}: ${ops.join(', ')}`;
    }),
  );
  const conflicts = cert.services.flatMap((s) =>
    s.conflicts.map(
      (c) =>
        `${s.service}: ${c.kind === 'provider-example' ? 'known provider deviation' : 'seed-vs-provider conflict'} ${code(c.id)} (${plural(c.titles.length, 'check')})`,
    ),
  );
  // The verdict's limits: checks not run and why, documented statuses no check provoked, rules no check could judge.
  const limits = cert.services.flatMap((s) => {
    const reasons = Object.entries(s.skippedReasons).sort((a, b) => b[1] - a[1]);
    const n = reasons.reduce((t, [, k]) => t + k, 0);
    const left = s.coverage.unexercised ?? [];
    const unstated = left.filter((u) => !u.why).length;
    const notJudged = s.rules.filter((r) => r.outcome === 'not judged').length;
    return [
      ...(n || s.warning ? [`${s.service}: ${plural(n, 'check')} not run${s.warning ? ` (${s.warning})` : ''}`] : []),
      ...reasons.slice(0, 4).map(([r, k]) => `${s.service}: ${k} not run: ${cut(r, 160)}`),
      ...(reasons.length > 4 ? [`${s.service}: ${link(`${reasons.length - 4} more reasons`, `s-${s.service}`)}`] : []),
      ...(left.length
        ? [
            `${s.service}: ${plural(left.length, 'documented status', 'documented statuses')} not exercised${unstated ? ` (${b(`${unstated} with no stated reason`)})` : ', each with the reason the contract states'}: ${link('listed', `unexercised-${s.service}`)}`,
          ]
        : []),
      ...(notJudged
        ? [
            `${s.service}: ${plural(notJudged, 'rule')} not judged (stopped after an earlier failure): ${link('listed', `rules-${s.service}`)}`,
          ]
        : []),
    ];
  });
  // A partial run: the services it did not select at all are not run either.
  const certified = new Set(cert.services.map((s) => s.service));
  const unselected = Object.keys(cert.provenance?.targets ?? {}).filter((s) => !certified.has(s));
  if (cert.provenance && !cert.provenance.whole && unselected.length)
    limits.push(`Not selected: ${unselected.join(', ')} (a PASS needs the whole suite)`);
  const ran = cert.checks.run;
  const failsHead = fails.length ? 'What fails' : ran ? 'Nothing fails' : 'Nothing ran';
  return `<div class="glance"><div>${html([
    h(3, failsHead),
    fails.length ? list(fails) : p(ran ? `${ran} checks ran, none failed.` : 'No check ran.'),
    list(conflicts),
  ])}</div><div>${html([
    h(3, 'Not run, not judged'),
    limits.length ? list(limits) : p('Every selected check ran; every documented status was exercised.'),
  ])}</div></div>`;
}

// The filter: shows the failures, rules, skips and results whose text, or that of what holds them,
// holds what is typed (a rule id, an operation), opening what holds them; nothing leaves the page.
const SCRIPT = `(function(){var q=document.getElementById('filter');var n=document.getElementById('filter-count');
var items=[].slice.call(document.querySelectorAll('[data-search]'));
function has(e,t){return e.textContent.toLowerCase().indexOf(t)>=0;}
function within(e,t){for(var p=e.parentElement;p;p=p.parentElement){if(p.hasAttribute('data-search')&&p.tagName==='DETAILS'&&has(p.querySelector('summary'),t))return true;}return false;}
function run(){var t=q.value.trim().toLowerCase();var shown=0;items.forEach(function(e){var ok=!t||has(e,t)||within(e,t);e.classList.toggle('hidden',!ok);if(ok&&t){shown++;for(var p=e.parentElement;p;p=p.parentElement){if(p.tagName==='DETAILS')p.open=true;}}});
n.textContent=t?shown+' matching':'';}
q.addEventListener('input',run);
window.addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true;});});})();`;

export function certificationHtml(cert: Certification, coverage: ServiceCoverage[], sha256?: string): string {
  const { facts, verdicts, sections } = certificationBlocks(cert);
  const rows = cert.services.map((s) => ({ label: s.service, ...totalOf(s) }));
  const pairs = new Map(cert.services.map((s) => [s.service, s.coverage.exercisedPairs]));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certification: ${esc(cert.verdict)}</title><style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1150px}h1{margin:0 0 8px}.verdict{color:#fff;padding:2px 10px;border-radius:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:3px 6px;text-align:left;vertical-align:top}
.matrix td{text-align:center}.yes{background:#dafbe1}.no{background:#ffebe9}.na{background:#f6f8fa}tr.failed td{background:#ffebe9}tr.skipped td,tr.notrun td{color:#57606a}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:8px;margin:4px 0}.warning{color:#9a6700}figure{margin:12px 0}figcaption{font-weight:600}
.small{font-size:12px;color:#57606a}.glance li>b:first-child{color:#cf222e}.glance{display:flex;gap:24px;flex-wrap:wrap;border:1px solid #d0d7de;border-radius:6px;padding:4px 16px;margin:8px 0}.glance>div{flex:1 1 420px}
details.check{border-left:3px solid #cf222e;padding:2px 10px;margin:8px 0}details{margin:4px 0}
pre.exchange{max-height:360px;overflow:auto}.controls{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #d0d7de;z-index:1}.hidden{display:none!important}
summary{cursor:pointer}h2{margin:16px 0 4px}
@media print{.controls{display:none}details>summary{list-style:none}details::details-content{content-visibility:visible;display:contents}pre.exchange{max-height:none;overflow:visible}body{margin:0;max-width:none}.hidden{display:revert!important}}
</style></head><body>
<h1>Certification: ${badge(cert.verdict, 'verdict')}</h1>
${cert.reason ? `<p id="reason">${esc(cert.reason)}</p>` : ''}
${cert.interrupted ? '<p class="warning" id="interrupted">Interrupted: the run was stopped by a signal (Ctrl-C or SIGTERM); the checks in progress then were interrupted, not failed, and the rest not run.</p>' : ''}
${fixed(verdicts)}
${glance(cert)}
<div class="provenance">${fixed(facts)}</div>
<div class="controls"><label>Filter by rule id, operation or text: <input id="filter" type="search" placeholder="e.g. IN-PAGE-LIMIT or getPlan" size="40"></label> <span id="filter-count" class="small"></span></div>
${html(sections)}
<section><details><summary><h2 style="display:inline">Charts</h2></summary>${bars('Checks per service', rows)}${bars('Rules per kind', byKind(cert.services))}</details></section>
<section><h2>Coverage matrix</h2>${coverage.map((c) => matrix(c, pairs.get(c.service))).join('')}</section>
<p class="small">${inline(LEGEND)}</p>
${sha256 ? `<p class="small">Certification sha256 (certification.json): <code>${sha256}</code></p>` : ''}
<script>${SCRIPT}</script>
</body></html>`;
}
