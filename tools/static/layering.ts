// The layering of the suite (docs/architecture.md, Layers), judged on the import graph of our own
// modules. Rooms of helpers/, from the bottom up:
//   config -> secrets -> contract -> auth -> client -> target -> verdict -> run
// A room imports only rooms below it; the per-call runtime (client, target) never imports the
// verdict; nothing under helpers/ or mocks/ imports the offline tools, the fixtures, the specs or the
// scripts; the mocks see the contract and the crypto helpers, never the runtime that tests them; and
// no module reaches itself again through what it imports.
//
// The graph counts every edge a bundler or the type checker follows: imports and re-exports (type-only
// ones too), `import()` with a literal path, and `import('...')` in a type (Oxc's parser).
import fs from 'node:fs';
import path from 'node:path';

const ROOMS = ['config', 'secrets', 'contract', 'auth', 'client', 'target', 'verdict', 'run'];

/** One rule of the layering: no module whose path matches `from` imports one whose path matches `to`. */
interface LayerRule {
  name: string;
  /** Why, in one line: the report of a violation ends with it. */
  comment: string;
  from: RegExp;
  to: RegExp;
}

const LAYER_RULES: readonly LayerRule[] = [
  ...ROOMS.slice(0, -1).map((room, i) => ({
    name: `${room}-imports-only-below`,
    comment: `helpers/${room}/ sits below ${ROOMS.slice(i + 1).join(', ')}`,
    from: new RegExp(`^helpers/${room}/`),
    to: new RegExp(`^helpers/(${ROOMS.slice(i + 1).join('|')})/`),
  })),
  {
    name: 'runtime-is-not-tooling',
    comment: 'helpers/ and mocks/ are what a run loads; tools/, scripts/, fixtures/ and tests/ sit above them',
    from: /^(helpers|mocks)\//,
    to: /^(tools|scripts|fixtures|tests)\//,
  },
  {
    name: 'mocks-see-contract-only',
    comment: 'a mock is built from the contract; it never reaches into the suite that judges it',
    from: /^mocks\//,
    to: /^helpers\/(client|target|verdict|run)\//,
  },
  {
    name: 'fixtures-not-tools',
    comment: 'fixtures wrap the runtime for the specs; the offline tools are not part of a run',
    from: /^fixtures\//,
    to: /^(tools|scripts|tests)\//,
  },
];

/** The folders and files judged (paths from the repository's root). */
const LAYERED = ['helpers', 'tools', 'mocks', 'fixtures', 'tests', 'scripts', 'playwright.config.ts', 'merge.config.ts'];

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules']);

/** A module's imports of our own modules: module path -> the module paths it imports (POSIX, from the root). */
type ImportGraph = Map<string, Set<string>>;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) if (!SKIPPED.has(name)) walk(`${rel}/${name}`);
    } else if (SOURCE.test(rel)) files.push(rel);
  };
  for (const entry of LAYERED) walk(entry);
  return files;
}

/** The module a relative specifier names, as TypeScript's bundler resolution finds it (`./x.js` is `./x.ts`). */
function resolve(known: Set<string>, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  return [
    base,
    ...['.ts', '.mts', '.cts', '.d.ts'].map((x) => stem + x),
    ...['.ts', '.js', '/index.ts', '/index.js'].map((x) => base + x),
  ].find((c) => known.has(c));
}

/** `import('...')` with a literal path: in a type (TypeScript's import type) or a call. */
const IMPORT_CALL = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/** The import graph of the judged tree; `unparsed` names each file the parser refused, with its first error. */
export async function importGraph(root: string): Promise<{ graph: ImportGraph; unparsed: string[] }> {
  const { parseSync } = await import('oxc-parser');
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  const unparsed: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const parsed = parseSync(file, text);
    if (parsed.errors.length) unparsed.push(`${file}: ${parsed.errors[0]!.message}`);
    const { staticImports, staticExports, dynamicImports } = parsed.module;
    const comments = parsed.comments;
    const specifiers = [
      ...staticImports.map((i) => i.moduleRequest.value),
      ...staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
      ...dynamicImports
        .map((d) => text.slice(d.moduleRequest.start, d.moduleRequest.end))
        .flatMap((s) => /^(['"])(.*)\1$/s.exec(s)?.[2] ?? []),
    ];
    // An import type is in no module record: found in the text, outside comments.
    for (const m of text.matchAll(IMPORT_CALL)) if (!comments.some((c) => c.start <= m.index && m.index < c.end)) specifiers.push(m[2]!);
    const to = new Set<string>();
    for (const s of specifiers) {
      const target = resolve(known, file, s);
      if (target) to.add(target);
    }
    graph.set(file, to);
  }
  return { graph, unparsed };
}

/** One cycle through each group of modules that reach one another (strongly connected), in a stable order. */
function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  // The shortest way back to the group's first module, inside the group.
  return groups.map((group) => {
    const inGroup = new Set(group);
    const start = group[0]!;
    const before = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const w of [...(graph.get(queue[i]!) ?? [])].sort()) {
        if (!inGroup.has(w) || before.has(w)) continue;
        before.set(w, queue[i]!);
        if (w === start) {
          const cycle = [start];
          for (let at = before.get(start)!; at !== start; at = before.get(at)!) cycle.unshift(at);
          return [start, ...cycle];
        }
        queue.push(w);
      }
    }
    return [start, start];
  });
}

/** Each import a rule forbids and each cycle, one line each: `error <rule>: <from> → <to>`. */
export function layeringViolations(graph: ImportGraph): string[] {
  const lines: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets)
      for (const rule of LAYER_RULES)
        if (rule.from.test(from) && rule.to.test(to)) lines.push(`error ${rule.name}: ${from} → ${to} (${rule.comment})`);
  for (const cycle of cyclesOf(graph)) lines.push(`error no-circular: ${cycle.join(' → ')} (a cycle hides which module owns a fact)`);
  return lines;
}
