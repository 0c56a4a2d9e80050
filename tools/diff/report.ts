// reports/diff-<service>.{md,json} and the summary `npm run diff` prints: the counts per class,
// then every change that needs the suite to move (false-alarm risk, unchecked, obsolete,
// tightened) with the rules and checks resting on it; the rest grouped and counted.
import { groupBy, mdTable, plural, writeReportFiles } from '../report.js';
import { CLASS_MEANING, CLASSES, type DiffClass } from './classify.js';
import { entryComponent, type EditIndex } from './edits.js';
import type { ChangeEntry, DiffResult } from './suite-diff.js';

const LISTED: readonly DiffClass[] = ['false-alarm risk', 'unchecked', 'obsolete', 'tightened'];

const EDIT: Record<string, string> = {
  'false-alarm risk': 'relax the contract to the document (or keep it where the seed states it: a ledger entry)',
  unchecked: 'add it to the contract, a rule and a check (the mock too for a new status or operation)',
  obsolete: 'remove it from the contract; retire or rewrite the rules and their checks',
  tightened: "tighten the contract; move the rule's boundary checks",
};

/** The contract file to edit for a change: its component's file, else its operation's. */
const contractFileOf = (c: ChangeEntry, index: EditIndex): string | undefined =>
  (c.component && index.components.get(c.component)) || c.operations.map((op) => index.operations.get(op)).find(Boolean);

// Changes of an operation's own entries (a status, a media type, a parameter, the body, a response
// header): the edit is at the operation, even where the entry is a $ref to a shared component.
const OPERATION_LEVEL =
  /^(status|media type|request media type|parameter|required parameter|optional parameter|request body|body|header|required response header|optional response header|response header) /;

const listed = (ops: string[]) => `${ops.slice(0, 6).join(', ')}${ops.length > 6 ? ` and ${ops.length - 6} more` : ''}`;

/**
 * What to edit for a change: the contract file and component, or, for a component shared with other
 * operations, the edit that changes only those it touches.
 */
function editLines(c: ChangeEntry, index: EditIndex): string[] {
  const file = contractFileOf(c, index);
  const opFiles = [...new Set(c.operations.map((op) => index.operations.get(op)).filter(Boolean))].join(', ') || 'the contract';
  const others = (component: string | undefined) => {
    const users = component ? index.users?.get(component) : undefined;
    return users ? [...users].filter((op) => !c.operations.includes(op)).sort() : [];
  };
  if (OPERATION_LEVEL.test(c.kind)) {
    // A status removed at ModifyCustomer: drop its 404 there, not the shared 404 response every operation keeps.
    const place = c.where.replace(/^\S+ \S+ \([^)]*\) ?/, '') || c.detail;
    const verb = /removed$/.test(c.kind)
      ? 'remove'
      : /no longer required$/.test(c.kind)
        ? 'make optional'
        : /added$/.test(c.kind)
          ? 'add'
          : 'change';
    const ours = c.operations.map((op) => entryComponent(index, op, place)).find(Boolean);
    const rest = others(ours);
    const shared = ours
      ? ` — there only: it is a $ref to ${ours}, which ${rest.length ? `${plural(rest.length, 'other operation keeps', 'other operations keep')} (${listed(rest)})` : 'stays'}; leave the component as it is`
      : '';
    return [`      edit: ${opFiles}, at ${listed(c.operations)}: ${verb} ${place}${shared}`, `      then: ${EDIT[c.class]}`];
  }
  const head = `      edit: ${file ?? 'the contract'}${c.component ? ` (${c.component})` : ''} — ${EDIT[c.class]}`;
  // Ours: the component of our contract that an edit would change.
  const ours = c.fromComponent && index.users?.has(c.fromComponent) ? c.fromComponent : c.component;
  const rest = others(ours);
  if (!rest.length) return [head];
  return [
    head,
    `      ${ours} is shared: editing it changes ${plural(rest.length, 'other operation', 'other operations')} too (${listed(rest)}); to change only ${listed(c.operations)}, give ${c.operations.length === 1 ? 'it a schema of its' : 'them a schema of their'} own in ${opFiles} (${ours} copied, with the edit) and leave ${ours} as it is`,
  ];
}

/**
 * Every change to act on, grouped by the operation it was first seen at, with its key (for the deviation
 * ledger) and what to edit: the contract file, the rules resting on it, the checks citing them.
 */
export function actionLines(r: DiffResult, index: EditIndex): string[] {
  const acted = r.changes.filter((c) => LISTED.includes(c.class));
  if (!acted.length) return [];
  const lines: string[] = ['', `Changes to act on, by operation (${acted.length}; what each class asks: README, "Version bump"):`];
  const rank = (c: ChangeEntry) => LISTED.indexOf(c.class);
  for (const [op, list] of groupBy(acted, (c) => c.operations[0] ?? c.where).sort((a, b) => a[0].localeCompare(b[0]))) {
    const opFile = index.operations.get(op);
    lines.push('', `${op}${opFile ? ` (${opFile})` : ''}: ${plural(list.length, 'change')}`);
    for (const c of list.sort((a, b) => rank(a) - rank(b) || a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key))) {
      const others = c.operations.slice(1);
      const place = c.where.replace(/^\S+ \S+ \([^)]*\) ?/, '');
      lines.push(`  [${c.class}] ${c.kind}: ${c.detail || '(no detail)'}${place ? ` — ${place}` : ''}`);
      if (others.length) lines.push(`      also at: ${listed(others)}`);
      lines.push(`      key: ${c.key}`, ...editLines(c, index));
      // The rules, one line per catalogue file, each with the checks citing it (count and spec files).
      const byFile = new Map<string, string[]>();
      for (const rule of c.rules) {
        const checks =
          rule.checks === undefined
            ? ''
            : rule.checks === 0
              ? ' (no check cites it)'
              : ` (${plural(rule.checks, 'check')}: ${(rule.files ?? []).map((f) => f.replace(/^.*\//, '')).join(', ')})`;
        const file = index.rules.get(rule.id) ?? 'the rule catalogue';
        byFile.set(file, [...(byFile.get(file) ?? []), `${rule.id}${checks}`]);
      }
      for (const [file, rules] of byFile) lines.push(`      rules in ${file}: ${rules.join('; ')}`);
      if (c.builtIn.length) lines.push(`      built-in checks: ${c.builtIn.join(', ')}`);
    }
  }
  return lines;
}

/** What the deviation ledger subtracted, and its stale entries. */
export function ledgerLines(r: DiffResult): string[] {
  const l = r.ledger;
  if (!l) return [];
  const by = new Map<string, number>();
  for (const s of l.subtracted) by.set(s.class, (by.get(s.class) ?? 0) + 1);
  const lines = [
    `Deviation ledger ${l.file}: ${plural(l.entries, 'entry', 'entries')}; subtracted ${plural(l.subtracted.length, 'change')}${by.size ? ` (${[...by].map(([c, n]) => `${n} ${c}`).join(', ')})` : ''}; ${l.stale.length} stale`,
  ];
  for (const key of l.stale) lines.push(`  stale (matches no change; review or remove it): ${key}`);
  if (l.unknownRules.length) lines.push(`  rule ids the catalogue does not have: ${l.unknownRules.join(', ')}`);
  return lines;
}

export const summaryLines = (r: DiffResult): string[] => [
  `Diff of ${r.service}: ${r.from.label} (${r.from.version}) -> ${r.to.label} (${r.to.version})`,
  `${r.library.name} ${r.library.version}: ${r.library.changes} changes (${r.library.atComponents} under components); ${r.changes.length + (r.ledger?.subtracted.length ?? 0)} after merging the same change seen at several operations and under its component${r.ledger ? ` (${r.ledger.subtracted.length} of them subtracted by the deviation ledger)` : ''}; ${r.annotations} description/example changes counted, not listed`,
  ...CLASSES.map((c) => `  ${c.padEnd(18)} ${String(r.counts[c]).padStart(5)}`),
];

function diffMarkdown(r: DiffResult): string {
  const lines = [
    `# Contract diff: ${r.service}`,
    '',
    `- From: ${r.from.label}: ${r.from.title} ${r.from.version}`,
    `- To: ${r.to.label}: ${r.to.title} ${r.to.version}`,
    `- Generated ${r.generatedAt}; normalize ${r.seconds.normalize.toFixed(1)} s, structural diff ${r.seconds.compare.toFixed(1)} s, classification ${r.seconds.classify.toFixed(1)} s`,
    `- Structural diff: ${r.library.name} ${r.library.version}, ${r.library.changes} changes (${r.library.atComponents} listed under components), merged into ${r.changes.length}: the same change seen at several operations, or also under its component, is one entry`,
    `- Counted, not listed: ${r.annotations} changes of descriptions, summaries, examples, tags and document metadata; ${r.moves} moves (an allOf member or a list entry at another place); ${r.wholeComponents} components added, removed or renamed whole (judged where operations use them)`,
    ...(r.checksNote ? [`- Checks not named: ${r.checksNote}`] : []),
    ...(r.ledger ? [`- ${ledgerLines(r).join('\n  - ')}`] : []),
    '',
    ...mdTable(
      ['class', 'changes', 'meaning'],
      CLASSES.map((c) => [c, r.counts[c], CLASS_MEANING[c]]),
    ),
  ];
  for (const cls of LISTED) {
    const mine = r.changes.filter((c) => c.class === cls);
    if (!mine.length) continue;
    lines.push('', `## ${cls} (${mine.length})`, '', CLASS_MEANING[cls], '');
    for (const c of mine) {
      lines.push(
        `- **${c.kind}**: ${c.detail ? `${c.detail} — ` : ''}\`${c.where}\`${c.component ? ` (in \`${c.component}\`)` : ''}`,
        `  - key: \`${c.key}\``,
      );
      if (c.operations.length > 1) lines.push(`  - operations: ${c.operations.join(', ')}`);
      for (const rule of c.rules)
        lines.push(
          `  - rule ${rule.id}${rule.checks === undefined ? '' : `: ${plural(rule.checks, 'check')}${rule.titles?.length ? ` (${rule.titles.map((t) => `"${t}"`).join('; ')}${rule.checks > rule.titles.length ? '; ...' : ''})` : ''}`}`,
        );
      if (c.builtIn.length) lines.push(`  - built-in checks: ${c.builtIn.join(', ')}`);
    }
  }
  const rest = r.changes.filter((c) => c.class === 'no check affected');
  if (rest.length)
    lines.push(
      '',
      `## no check affected (${rest.length})`,
      '',
      ...mdTable(
        ['kind', 'changes', 'first'],
        groupBy(rest, (c) => c.kind).map(([kind, list]) => [
          kind,
          list.length,
          `${list[0].detail ? `${list[0].detail} — ` : ''}${list[0].where}`,
        ]),
      ),
    );
  const outside = r.changes.filter((c) => c.class === 'outside the suite');
  if (outside.length)
    lines.push(
      '',
      `## outside the suite (${outside.length})`,
      '',
      "Changes of operations the suite's contract does not have, per operation.",
      '',
      ...mdTable(
        ['operation', 'changes'],
        groupBy(outside, (c) => c.operations[0] ?? c.where).map(([op, list]) => [op, list.length]),
      ),
    );
  lines.push('', 'What to do for each class: README, "Version bump".', '');
  return lines.join('\n');
}

/** The console's budget: a listing of changes to act on longer than this goes to the report file whole, the console keeping one line a change. */
export const CONSOLE_LINES = 100;

/** One line a change to act on (false-alarm risks first, then unchecked, obsolete, tightened): operation, change, rules. */
export function compactActionLines(r: DiffResult): string[] {
  const lines: string[] = [];
  for (const cls of LISTED) {
    const list = r.changes
      .filter((c) => c.class === cls)
      .sort((a, b) => (a.operations[0] ?? a.where).localeCompare(b.operations[0] ?? b.where) || a.key.localeCompare(b.key));
    if (!list.length) continue;
    lines.push('', `${cls} (${list.length}): ${CLASS_MEANING[cls]}`);
    for (const c of list) {
      const op = c.operations[0] ?? c.where;
      const more = c.operations.length > 1 ? ` (+${c.operations.length - 1} operations)` : '';
      const place = c.where.replace(/^\S+ \S+ \([^)]*\) ?/, '');
      const named = [...c.rules.map((r) => r.id), ...c.builtIn];
      const on = named.length > 4 ? `${named.slice(0, 4).join(', ')} and ${named.length - 4} more` : named.join(', ');
      lines.push(`  ${op}${more}: ${c.kind}${c.detail ? `: ${c.detail}` : ''}${place ? ` — ${place}` : ''}${on ? `; rules: ${on}` : ''}`);
    }
  }
  return lines;
}

/** Writes reports/diff-<service>.{md,json}; `editing`: the listing of what to edit for each change, kept in the markdown whole. */
export function writeDiffReport(dir: string, r: DiffResult, editing: string[] = []): string {
  const edits = editing.length ? `\n## What to edit, by operation\n\n\`\`\`\n${editing.join('\n').trim()}\n\`\`\`\n` : '';
  return writeReportFiles(dir, `diff-${r.service}`, r, diffMarkdown(r) + edits).md;
}
