// The certification as blocks (helpers/verdict/render.ts): the verdict, what ran against what by which suite; per service the
// checks by source, failures grouped by rule and operation (judgement, evidence, rerun command), skips with reasons, every
// rule's outcome. The markdown (certification-report.ts) and the page (certification-html.ts) render the same blocks.
import { sourcesOf } from '../contract/conflicts.js';
import { baselineLines } from './baseline.js';
import { alsoBrokenText, CONFLICT_GROUPS, timeSpentText } from './certification.js';
import type {
  Certification,
  ExplainedFailure,
  FailedCheck,
  FailureGroup,
  RuleOutcome,
  ServiceVerdict,
  Tally,
  VersionExplanation,
} from './model.js';
import { whyText } from './coverage-report.js';
import { b, type Block, BR, code, em, fold, h, list, p, page, plural, pre, table } from './render.js';

const f = (c: Tally) => `${c.passed} / ${c.failed} / ${c.skipped}`;
const tally = (c: Tally) => `${c.passed}/${c.failed}/${c.skipped}`;
export const anchor = (service: string, i: number) => `f-${service}-${i}`;

export const LEGEND = `Checks are counted by the source their rule rests on: ${em('seed')} (the API description), ${em('provider')} (the provider's published OpenAPI document, where the seed shows nothing; tagged ${code('@provider')}), ${em('assumption')} (a decision of the reference page; tagged ${code('@assumption')}).
PASS: every check of the whole suite passed. FAIL: a seed or provider check failed, or an auth, card-data or sensitive-data check whatever its source. CONDITIONAL: only assumption checks failed, or checks where the target follows the provider's published behaviour and the seed says otherwise (seed-vs-provider conflicts, listed with both sources), or what the provider's own example shows where its schema says otherwise (known provider deviations, listed the same way). PARTIAL: everything selected passed but the run did not select the whole suite. NOT RUN: no check ran.`;

/** The certification as blocks, in parts the two renderings order each their way. */
export function certificationBlocks(cert: Certification): { facts: Block; verdicts: Block; sections: Block[] } {
  const prov = cert.provenance;
  const facts = [
    `Verdict: ${b(cert.verdict)}${cert.reason ? ` (${cert.reason})` : ''}`,
    `Target: ${b(cert.target)}; generated ${cert.generatedAt}${cert.runId ? `; run ${cert.runId}` : ''}`,
    `Checks: ${cert.checks.run} run, ${cert.checks.skipped} skipped, of ${cert.checks.selected} selected${cert.startedAt && !prov?.environment ? `; started ${cert.startedAt}, ${cert.durationSeconds} s` : ''}`,
  ];
  const g = cert.guest;
  if (g) {
    const left = g.leftBehind.filter((l) => l.deletable);
    const kept = new Map<string, number>();
    for (const l of g.leftBehind.filter((x) => !x.deletable)) kept.set(l.kind, (kept.get(l.kind) ?? 0) + 1);
    const leftText = left.length
      ? `${b(`${left.length} deletable left behind`)}: ${left
          .slice(0, 10)
          .map((l) => `${l.kind} ${l.id}`)
          .join(', ')}`
      : 'none deletable left behind';
    facts.push(
      `Sandbox guest: ${g.created} objects created, ${g.deleted} deleted, ${leftText}${kept.size ? `; the API offers no delete for ${[...kept].map(([k, n]) => `${n} ${k}`).join(', ')}` : ''}; ${g.retries} calls waited out a 429 (${g.retryWaitSeconds} s)`,
    );
  }
  if (cert.leakScan) {
    const leaks = cert.leakScan.leaks;
    facts.push(
      `Leak scan: ${cert.leakScan.scanned} files; ${leaks.length ? `${b(`${leaks.length} found`)}: ${leaks.map((l) => `${l.what} in ${code(l.file)}`).join('; ')}` : 'no card data or secret found'}`,
    );
  }
  if (prov) {
    const e = prov.environment;
    facts.push(
      `Suite commit: ${code(prov.suiteCommit)}${prov.suiteCommit.endsWith('-dirty') ? ' (the work tree had uncommitted changes)' : ''}`,
      ...(e
        ? [
            `Run by ${e.user} on ${e.host}: suite ${e.suite}, Node ${e.node}, Playwright ${e.playwright}${cert.startedAt ? `; started ${cert.startedAt}, ${cert.durationSeconds} s` : ''}`,
          ]
        : []),
      `Mock faults switched on: ${prov.faults?.length ? prov.faults.map(code).join(', ') : 'none'}`,
      `Contracts: ${prov.contracts.map((c) => `${c.service} ${c.version} (sha256 ${c.sha256})`).join('; ')}`,
      `Target hosts: ${Object.entries(prov.targets)
        .map(([s, h]) => `${s}: ${h}`)
        .join('; ')}`,
      `Selection: ${
        prov.whole
          ? 'the whole suite'
          : `partial: ${[
              prov.filters.grep && `--grep ${prov.filters.grep}`,
              prov.filters.grepInvert && `--grep-invert ${prov.filters.grepInvert}`,
              prov.filters.shard && `--shard ${prov.filters.shard}`,
              `projects ${prov.filters.projects.join(', ')}`,
              prov.filters.files.length ? `files ${prov.filters.files.join(' ')}` : undefined,
            ]
              .filter(Boolean)
              .join('; ')}`
      }`,
    );
  }
  const verdicts = table(
    'service|contract|verdict|seed (pass/fail/skip)|provider (pass/fail/skip)|assumption (pass/fail/skip)|coverage|rules passed'.split('|'),
    cert.services.map((s) => [
      s.title,
      s.contractVersion,
      `${b(s.verdict)}${s.warning ? ` (${s.warning})` : ''}`,
      f(s.seed),
      f(s.provider),
      f(s.assumption),
      `${s.coverage.exercised}/${s.coverage.documented}`,
      s.rules.length ? `${s.rules.filter((r) => r.outcome === 'passed').length}/${s.rules.length}` : 'no catalogue',
    ]),
  );
  const sections: Block[] = [];
  // The comparison with a baseline run (npm run certify -- --baseline), right after the verdicts.
  const base = cert.baseline;
  if (base) {
    const regressions = base.checks?.regressions.length ?? base.rules.regressions.length;
    sections.push(
      h(2, `Comparison with the baseline${regressions ? ` (${b(`${regressions} regression(s)`)})` : ''}`, 'baseline'),
      list(baselineLines(base).map((l) => (l.startsWith('  - ') ? l.slice(4) : l))),
    );
  }
  if (g?.kinds?.length)
    sections.push(
      h(2, 'Sandbox guest', 'guest'),
      table(
        ['service', 'object', 'created', 'deleted', 'the API cannot delete', 'deletable left behind'],
        g.kinds.map((k) => [k.service, k.kind, `${k.created}`, `${k.deleted}`, `${k.cannotDelete}`, k.left ? b(`${k.left}`) : '0']),
      ),
    );
  if (g?.leftBehind.length) {
    const left = g.leftBehind.map(
      (l) => `${l.service} ${l.kind} ${l.id ?? ''}: ${l.deletable ? 'deletable (npm run sandbox:cleanup)' : 'no delete offered'}`,
    );
    sections.push(page(fold(`Left behind on the sandbox (${left.length})`, [list(left)])));
  }
  for (const s of cert.services) sections.push(...serviceBlocks(s, cert));
  return { facts: list(facts), verdicts, sections };
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
function newerVersionBlocks(e: VersionExplanation): Block[] {
  const [, ...classed] = explanationLines(e);
  const all = [...e.explained, ...e.unexplained];
  const changes = (x: ExplainedFailure) => x.explainedBy.map((c) => `${c.kind}: ${c.detail} (${c.where}; ${code(c.key)})`).join(BR);
  return [
    h(2, `${e.service}: the failures against the provider's ${e.to} document`),
    p(
      `Each failure above is a failure of the ${e.from} contract this run certified, and the verdict counts it. Of them, ${e.explained.length} are documented in ${e.to}: the provider's ${e.to} document announces the change that explains the target's answer (${e.announced} changes announced between ${e.from} and ${e.to}); ${e.unexplained.length} are unexplained: no announced change explains them, what a move to ${e.to} would not account for.`,
    ),
    list(classed.map((l) => l.trim())),
    // Where each check and announced change are, on the page.
    page(
      table(
        ['check', 'file', 'the announced changes'],
        all.map((x) => [`${x.title} (${x.service})`, code(x.file), changes(x)]),
        { fold: 'Where each failure and change are' },
      ),
    ),
  ];
}

function checkBlocks(c: FailedCheck, open: boolean): Block {
  const ev = c.evidence;
  return fold(
    c.title,
    [
      p(`${c.project}, ${code(`${c.file}${c.line ? `:${c.line}` : ''}`)}; judged by ${code(c.check)}:`),
      pre(c.judged, 'judged'),
      ...(ev ? [p(`Evidence (${ev.how}): ${ev.note}`), ...ev.exchanges.map((x) => pre(x, 'exchange'))] : []),
      p('Run it again:'),
      pre(c.rerun, 'rerun'),
      page(fold('Whole message', [pre(c.message)])),
    ],
    { level: 4, open, cls: 'check' },
  );
}

function groupBlocks(s: ServiceVerdict, g: FailureGroup, i: number, open: boolean): Block {
  const facts = (g.broken ?? []).map((id) => {
    const r = s.rules.find((x) => x.id === id);
    return `Rule ${id}: ${r ? `${r.text} (${r.kind}, ${r.source}: ${r.cite})` : 'not in the catalogue'}`;
  });
  const also = alsoBrokenText(g);
  if (also) facts.push(`${also[0].toUpperCase()}${also.slice(1)} (general rules judging the same fault; one cause)`);
  if (g.notJudged?.length)
    facts.push(
      `Not judged after it: ${g.notJudged.join(', ')} (checks that failed after this step of theirs failed, judging nothing of their own)`,
    );
  if (g.rules.length) facts.push(`Rules the checks cite: ${g.rules.join(', ')}`);
  const more = (n: number, what = '') => (n > 20 ? [`... and ${n - 20} more${what}`] : []);
  const body = g.checks?.length
    ? [
        p("The first check's whole message:"),
        pre(g.message),
        ...g.checks.slice(0, 20).map((c, n) => checkBlocks(c, n === 0)),
        list(more(g.checks.length, `: ${g.titles.slice(20).join('; ')}`)),
      ]
    : [
        list([...g.titles.slice(0, 20), ...more(g.titles.length)]),
        pre(g.message),
        ...(g.exchange ? [p('Evidence (the exchange that failed it, redacted):'), pre(g.exchange, 'exchange')] : []),
      ];
  const head = `${g.blocking ? '(blocking) ' : ''}(${g.source}) ${g.cause} — ${plural(g.titles.length, 'check')}`;
  return fold(head, [list(facts), ...body], { level: 3, open, id: anchor(s.service, i) });
}

function serviceBlocks(s: ServiceVerdict, cert: Certification): Block[] {
  const tallies = `seed ${tally(s.seed)}, provider ${tally(s.provider)}, assumption ${tally(s.assumption)}`;
  const blocks: Block[] = [
    page(
      h(2, `${s.title} (${s.service}, contract ${s.contractVersion}): ${b(s.verdict)}`, `s-${s.service}`),
      ...[s.warning, s.stoppedBy && `Stopped by: ${s.stoppedBy}`].filter((w) => w).map((w) => p(w!, 'warning')),
      p(`Checks passed/failed/skipped: ${tallies}; coverage ${s.coverage.exercised}/${s.coverage.documented} (operation, status) pairs.`),
      ...(s.time ? [p(`${timeSpentText(s.time)[0]!.toUpperCase()}${timeSpentText(s.time).slice(1)}.`)] : []),
    ),
  ];
  const st = s.statements;
  if (st)
    blocks.push(
      p(
        `${s.service}: statements of the documents traced to a rule: ${st.traced}/${st.total} (${st.notCheckable} not checkable, each with its reason; schemas/${s.service}/statements.yaml)`,
      ),
    );
  if (s.failures.length) {
    // One screen per cause: each rule's first operation open with its first check; the rest folded.
    const opened = new Set<string>();
    const firstOf = (key: string) => !opened.has(key) && Boolean(opened.add(key));
    blocks.push(
      h(2, `${s.service}: failures, by the rule they break and the operation`),
      ...s.failures.map((g, i) => groupBlocks(s, g, i, firstOf((g.broken ?? []).join(' + ') || (g.check ?? g.cause)))),
    );
  }
  if (s.newerVersion) blocks.push(...newerVersionBlocks(s.newerVersion));
  for (const group of CONFLICT_GROUPS) {
    const met = s.conflicts.filter((c) => (c.kind ?? 'seed-vs-provider') === group.kind);
    if (!met.length) continue;
    blocks.push(h(2, `${s.service}: ${group.title}`), p(group.intro));
    for (const c of met) {
      const { kept, followed } = sourcesOf(c);
      const facts = [
        `${kept.label}: ${kept.text}`,
        `${followed.label}: ${followed.text}`,
        `Decision: ${c.decision}`,
        `Rules: ${c.rules.join(', ')}`,
      ];
      const checks = c.titles.map((t) => `Check: ${t}`);
      const body = [list([...facts, ...checks.slice(0, 10)]), page(list(checks.slice(10)))];
      blocks.push(fold(`${c.id} — ${plural(c.titles.length, 'check')}`, body, { level: 3, open: true }));
    }
  }
  const left = s.coverage.unexercised ?? [];
  if (left.length)
    blocks.push(
      h(2, `${s.service}: documented statuses not exercised`, `unexercised-${s.service}`),
      p(
        `Coverage ${s.coverage.exercised}/${s.coverage.documented}. Each pair the run did not provoke, with the reason the contract states (x-unexercised) and the sources read.`,
      ),
      table(
        ['operation and status', 'why', 'sources read'],
        left.map((u) => [u.pair, whyText(u), u.read?.join('; ') ?? '']),
        { fold: `${plural(left.length, 'pair')} not exercised, each with its reason` },
      ),
    );
  const reasons = Object.entries(s.skippedReasons);
  if (reasons.length) blocks.push(h(2, `${s.service}: skipped checks`), list(reasons.map(([reason, n]) => `${n} skipped: ${reason}`)));
  const rp = s.rulePaths;
  if (rp) {
    const counts = `Rules ${rp.rules}, paths ${rp.paths}, cells ${rp.cells}: covered ${rp.covered}, justified ${rp.justified}, empty ${rp.empty}.`;
    blocks.push(h(2, `${s.service}: every path of every rule`), p(counts));
    if (rp.open.length)
      blocks.push(
        table(
          ['rule', 'path', 'from', 'state', 'why'],
          rp.open.map((c) => [c.rule, c.path, c.from, c.state === 'empty' ? b('empty') : c.state, c.reason ?? '']),
          {
            rowCls: rp.open.map((c) => (c.state === 'empty' ? 'failed' : 'skipped')),
            fold: `${plural(rp.open.length, 'cell')} not covered by a check that ran`,
          },
        ),
      );
    const props = rp.properties ?? [];
    if (props.length)
      blocks.push(
        p('Properties (one checker each over every operation it applies to; each operation left out with its reason):'),
        table(
          ['property', 'rule', 'applies to', 'checked', 'left out'],
          props.map((t) => {
            const out = [
              ...t.exceptions.map((e) => `${e.operationId}: ${e.reason}`),
              ...t.unaccounted.map((op) => `${op}: ${b('no reason')}`),
            ];
            return [t.property, t.rule, `${t.applies.length}`, `${t.checked.length}`, out.join(BR)];
          }),
          {
            rowCls: props.map((t) => (t.unaccounted.length ? 'failed' : 'passed')),
            // Folded like every long table: the page opens on what fails; an operation left out without a reason says so here.
            fold: `${plural(props.length, 'property', 'properties')}: ${props.filter((t) => t.unaccounted.length).length} with an operation left out without a reason`,
          },
        ),
      );
  }
  if (s.rules.length) {
    const passed = s.rules.filter((r) => r.outcome === 'passed').length;
    const outcome = (r: RuleOutcome) =>
      r.outcome === 'failed' ? b('failed') : r.outcome === 'not judged' ? `not judged (${r.notJudged})` : r.outcome;
    blocks.push(
      h(2, `${s.service}: rules`, `rules-${s.service}`),
      table(
        ['rule', 'source', 'kind', 'outcome', 'checks (pass/fail/skip)', 'cite'],
        s.rules.map((r) => [`${r.id}: ${r.text}`, r.source, r.kind, outcome(r), f(r.checks), r.cite]),
        {
          rowCls: s.rules.map((r) => (r.outcome === 'not run' || r.outcome === 'not judged' ? 'notrun' : r.outcome)),
          fold: `${plural(s.rules.length, 'rule')}: ${passed} passed, ${s.rules.length - passed} not passed`,
        },
      ),
    );
  }
  const results = (cert.results ?? []).filter((r) => r.project === s.service);
  const n = (status: string) => results.filter((r) => r.status === status).length;
  if (results.length)
    blocks.push(
      page(
        h(3, "Every check's result"),
        table(
          ['status', 'check', 'file', 'rules', 'fast-check seed (--replay)'],
          results.map((r) => [r.status, r.title, `${r.file} (${r.project})`, r.rules.join(' '), r.seeds?.join(' ') ?? '']),
          {
            rowCls: results.map((r) => r.status),
            fold: `${plural(results.length, 'check')}: ${n('passed')} passed, ${n('failed')} failed, ${n('skipped')} skipped`,
          },
        ),
      ),
    );
  return blocks;
}
