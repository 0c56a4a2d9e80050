// The contract diff of `npm run diff`: the library's structural diff of two documents,
// each change located and judged from the suite's point of view (tools/diff/classify.ts), the
// same change seen at many operations and under its component merged into one entry, changes to
// descriptions and examples counted only.
import fs from 'node:fs';
import path from 'node:path';
import { CLASSES, Classifier, type DiffClass, type Judged, type SuiteView } from './classify.js';
import type { CheckRef } from './checks.js';
import { structuralDiff } from './compare.js';
import type { DiffDocument } from './documents.js';
import { atoms, locate, type Located } from './locate.js';
import { componentUsers, trace } from './normalize.js';
import { orElse } from '../../helpers/config/or-else.js';

interface RuleRef {
  id: string;
  /** Checks citing the rule (undefined when the checks were not listed). */
  checks?: number;
  titles?: string[];
  /** The spec files of those checks. */
  files?: string[];
}

export interface ChangeEntry extends Pick<Judged, 'class' | 'kind' | 'detail' | 'builtIn'> {
  /**
   * The change's stable key, what a deviation ledger entry names (tools/diff/ledger.ts): the component
   * (else the operation and the parameter, body or response), the field and keyword inside it, and the
   * kind of change; no list index, bound value or description, so an unrelated edit leaves it as it is.
   */
  key: string;
  /** `POST /path (operationId) request body`, the first place the change was seen. */
  where: string;
  /** Every operation it was seen at (the suite's operationId where the suite has the operation). */
  operations: string[];
  rules: RuleRef[];
  /** The component the change lies in, when the library also listed it there (merged). */
  component?: string;
  /** The compared-from document's component holding the changed place, when another than `component`: what an edit of ours changes. */
  fromComponent?: string;
  /** The library's own readings (a client's: breaking, non-breaking...), and how many of its changes were merged here. */
  library: string[];
  merged: number;
}

export interface DiffResult {
  service: string;
  from: { label: string; title: string; version: string };
  to: { label: string; title: string; version: string };
  generatedAt: string;
  seconds: { normalize: number; compare: number; classify: number };
  library: { name: string; version: string; changes: number; atComponents: number; errors: number };
  /** Changes of descriptions, summaries, examples, tags and document metadata: counted, not listed. */
  annotations: number;
  /** A remove and an add of the same entry (an allOf member or a list entry moved): not a change. */
  moves: number;
  /** Components added, removed or renamed whole: judged where operations use them, not listed. */
  wholeComponents: number;
  counts: Record<DiffClass, number>;
  changes: ChangeEntry[];
  /** Why the checks under each rule are not named, when they are not. */
  checksNote?: string;
  /** What the service's deviation ledger subtracted (tools/diff/ledger.ts). */
  ledger?: LedgerOutcome;
}

/** What a service's deviation ledger (tools/diff/ledger.ts) took out of a diff. */
export interface LedgerOutcome {
  file: string;
  entries: number;
  /** The changes the ledger took out of the result, each with the entry's source. */
  subtracted: { key: string; class: DiffClass; where: string; source: string }[];
  /** Entries that matched no change of this diff. */
  stale: string[];
  /** Rule ids of entries that the catalogue does not have. */
  unknownRules: string[];
}

const SEVERITY = new Map(CLASSES.map((c, i) => [c, i]));

const LIBRARY_PACKAGE = path.resolve(import.meta.dirname, '..', '..', 'node_modules', 'api-smart-diff', 'package.json');
const libraryVersion = (): string => orElse(() => JSON.parse(fs.readFileSync(LIBRARY_PACKAGE, 'utf8')).version, 'unknown');

/** The stable key of a change (ChangeEntry.key). */
function changeKey(loc: Located, judged: Judged): string {
  let anchor: string;
  let inside: string;
  if (loc.origin) {
    anchor = loc.origin;
    const tail = loc.place.slice(loc.place.indexOf(':') + 1).split('/');
    inside = tail
      .filter((s) => s !== 'properties' && s !== '' && !/^[0-9]+$/.test(s))
      .map((s) => (s === 'items' ? '[]' : s))
      .join('.');
  } else {
    anchor = judged.ours ?? loc.operationId ?? `${loc.method?.toUpperCase()} ${loc.route}`;
    const part =
      loc.area === 'parameter'
        ? `${loc.param?.in} ${loc.param?.name}`
        : loc.area === 'requestBody'
          ? `request${loc.media ? ` ${loc.media}` : ''}`
          : loc.area === 'response'
            ? `response ${loc.status ?? ''}${loc.media ? ` ${loc.media}` : ''}${loc.header ? ` header ${loc.header}` : ''}`
            : (loc.area ?? '');
    inside = [part.trim(), loc.field, loc.keyword].filter((s) => s && s !== 'operation').join(' ');
  }
  const valued = /^(required (relaxed|added)|enum value (added|removed))$/.test(judged.kind);
  // A whole member added or removed (an anyOf/oneOf variant, a schema) is told apart by its $ref.
  const member = (loc.action === 'add' ? loc.after : loc.before) as { $ref?: unknown } | undefined;
  const ref = !valued && typeof member?.$ref === 'string' ? ` ${member.$ref.split('/').pop()}` : '';
  const value = valued ? ` ${String(loc.action === 'add' ? loc.after : loc.before)}` : ref;
  return `${anchor} ${inside}`.trim() + ` | ${judged.kind}${value}`;
}

function where(loc: Located, judged: Judged): string {
  const op = `${loc.method?.toUpperCase()} ${loc.route} (${judged.ours ?? loc.operationId ?? 'no operationId'})`;
  switch (loc.area) {
    case 'parameter':
      return `${op} ${loc.param?.in} parameter ${loc.param?.name}`;
    case 'requestBody':
      return `${op} request body${loc.media && loc.keyword !== 'media' ? ` (${loc.media})` : ''}`;
    case 'response':
      return `${op} response ${loc.status ?? ''}${loc.media && loc.keyword !== 'media' ? ` (${loc.media})` : ''}`.trim();
    case 'security':
      return `${op} security`;
    default:
      return op;
  }
}

export function diffForSuite(from: DiffDocument, to: DiffDocument, view: SuiteView, checks?: Map<string, CheckRef[]>): DiffResult {
  const structural = structuralDiff(from.doc, to.doc);
  const t0 = performance.now();
  const expanded = atoms(structural.diffs);
  const moves = structural.diffs.length - expanded.length;
  const classifier = new Classifier(view, structural.before, structural.after);
  const groups = new Map<string, ChangeEntry>();
  /** The entry each change identity went to (the first seen), for its component-level twin. */
  const identities = new Map<string, ChangeEntry>();
  const componentLevel: Located[] = [];
  let annotations = 0;
  for (const d of expanded) {
    const loc = locate(d, structural.before, structural.after);
    // An operation the newer document marks deprecated is still served: named, so that a release plans for its removal.
    if (loc.scope === 'operation' && d.path.length === 4 && d.path[3] === 'deprecated' && loc.after === true) {
      const opName = loc.operationId ?? `${loc.method?.toUpperCase()} ${loc.route}`;
      const group = groups.get('deprecated');
      if (group) {
        if (!group.operations.includes(opName)) group.operations.push(opName);
        group.merged++;
      } else
        groups.set('deprecated', {
          key: 'operations | deprecated',
          class: 'no check affected',
          kind: 'operation deprecated',
          detail: `deprecated in ${to.version}: still served, its checks still run; plan for its removal`,
          where: 'paths (deprecated: true)',
          operations: [opName],
          rules: [],
          builtIn: [],
          library: [loc.libraryType],
          merged: 1,
        });
      continue;
    }
    if (loc.keyword === 'annotation' || loc.keyword === 'path item') {
      annotations++;
      continue;
    }
    if (loc.scope === 'component') {
      componentLevel.push(loc);
      continue;
    }
    const judged = classifier.judge(loc);
    if (judged.kind === 'annotation') {
      annotations++;
      continue;
    }
    // An enum added or dropped whole is listed by the library value by value: one change per place.
    const whole = judged.kind === 'enum removed' || judged.kind === 'enum added';
    const key = whole ? `${loc.place} ${judged.kind}` : `${loc.identity} ${judged.class}`;
    const group = groups.get(key);
    const opName = judged.ours ?? loc.operationId ?? `${loc.method?.toUpperCase()} ${loc.route}`;
    if (group) {
      if (!identities.has(loc.identity)) identities.set(loc.identity, group);
      if (!group.operations.includes(opName)) group.operations.push(opName);
      group.rules = mergeRules(group.rules, judged.rules, checks, group.operations);
      if (!group.library.includes(loc.libraryType)) group.library.push(loc.libraryType);
      group.merged++;
      continue;
    }
    const entry: ChangeEntry = {
      key: changeKey(loc, judged),
      class: judged.class,
      kind: judged.kind,
      detail: judged.detail,
      where: where(loc, judged),
      operations: [opName],
      rules: mergeRules([], judged.rules, checks, [opName]),
      builtIn: judged.builtIn,
      library: [loc.libraryType],
      merged: 1,
      ...(loc.origin ? { component: loc.origin } : {}),
    };
    // The schema holding the changed keyword, in the compared-from document.
    const held = loc.side && loc.action === 'add' ? trace(structural.before.doc, loc.path.slice(0, -1)).origin : undefined;
    if (held && held !== loc.origin) entry.fromComponent = held;
    groups.set(key, entry);
    if (!identities.has(loc.identity)) identities.set(loc.identity, entry);
  }
  // A change the library also lists under its component is the same change: merged, not counted twice.
  let wholeComponents = 0;
  for (const loc of componentLevel) {
    const twin = identities.get(loc.identity);
    if (twin) {
      twin.merged++;
      continue;
    }
    // A component added, removed or renamed whole, or a change in one no operation reaches.
    if (loc.path.length <= 3) wholeComponents++;
    const key = `${loc.identity} component`;
    const group = groups.get(key);
    if (group) group.merged++;
    else if (loc.path.length > 3) {
      // The operations that reach the component through a $ref, an allOf, anyOf or oneOf, in either document.
      const component = loc.path.slice(1, 3).join('/');
      const reaching = [
        ...new Set([...(componentUsers(from.doc).get(component) ?? []), ...(componentUsers(to.doc).get(component) ?? [])]),
      ].sort();
      groups.set(key, {
        key: `${loc.origin ?? `components/${loc.path.slice(1, 3).join('/')}`} ${loc.place
          .slice(loc.place.indexOf(':') + 1)
          .split('/')
          .filter((x) => x !== 'properties' && !/^[0-9]+$/.test(x))
          .join('.')} | component only ${loc.action}`,
        class: 'no check affected',
        kind: 'component only',
        detail: reaching.length
          ? `listed only under its component, which ${reaching.length} operation${reaching.length > 1 ? 's reach' : ' reaches'} through a $ref or an allOf/anyOf/oneOf: ${reaching.join(', ')}`
          : 'listed only under its component: no operation of either document reaches it',
        where: `components/${loc.path.slice(1).join('/')}`,
        operations: reaching,
        rules: [],
        builtIn: [],
        library: [loc.libraryType],
        merged: 1,
      });
    }
  }
  const changes = [...groups.values()].sort(
    (a, b) => SEVERITY.get(a.class)! - SEVERITY.get(b.class)! || a.kind.localeCompare(b.kind) || a.where.localeCompare(b.where),
  );
  const counts = Object.fromEntries(CLASSES.map((c) => [c, changes.filter((x) => x.class === c).length])) as Record<DiffClass, number>;
  const t1 = performance.now();
  return {
    service: view.service,
    from: { label: from.label, title: from.title, version: from.version },
    to: { label: to.label, title: to.title, version: to.version },
    generatedAt: new Date().toISOString(),
    seconds: { ...structural.seconds, classify: (t1 - t0) / 1000 },
    library: {
      name: 'api-smart-diff',
      version: libraryVersion(),
      changes: structural.diffs.length,
      atComponents: structural.diffs.filter((d) => d.path[0] === 'components').length,
      errors: structural.libraryErrors,
    },
    annotations,
    moves,
    wholeComponents,
    counts,
    changes,
  };
}

/** The rules of a change, each with its checks; the titles naming one of the change's operations first. */
function mergeRules(have: RuleRef[], ids: string[], checks: Map<string, CheckRef[]> | undefined, operations: string[]): RuleRef[] {
  const out = [...have];
  const relevance = (c: CheckRef) => (operations.some((op) => c.title.includes(op)) ? 0 : 1);
  for (const id of ids) {
    if (out.some((r) => r.id === id)) continue;
    const cited = [...(checks?.get(id) ?? [])].sort((a, b) => relevance(a) - relevance(b));
    out.push(
      checks
        ? { id, checks: cited.length, titles: cited.slice(0, 5).map((c) => c.title), files: [...new Set(cited.map((c) => c.file))].sort() }
        : { id },
    );
  }
  return out;
}
