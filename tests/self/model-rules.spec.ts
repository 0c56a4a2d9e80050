// Covers: the reference models' rules (fixtures/models/kit.ts): every kit comparison in fixtures/models
// passes a rule, so runModel files a divergence under it, and every rule id a model file names is one of
// its service's catalogue. A static scan of the sources: nothing runs.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from '../../fixtures/self.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';

const MODELS = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'models');
/** The kit's comparisons and the place of their `rule` argument. */
const RULE_ARGUMENT: Record<string, number> = { expectModel: 4, expectEcho: 3, expectStatus: 4 };
/** A rule id as the catalogues write them (helpers/contract/rules.ts). */
const RULE_ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

interface Scan {
  /** Calls of a kit comparison. */
  calls: number;
  /** `line: what is wrong`, for each call without a rule and each id no catalogue of the service holds. */
  problems: string[];
}

/**
 * One model file: each kit comparison passes its rule (a literal id, an expression of literal ids, or a
 * value handed on from a caller); each string literal shaped like a rule id is one of `known`.
 */
export function scanModel(source: string, fileName: string, known: ReadonlySet<string>): Scan {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const problems: string[] = [];
  let calls = 0;
  const visit = (node: ts.Node) => {
    // A documented scenario's citations (kit.ts `scenario(kinds, cites, ...)`) are statement ids, not rules: tests/self/scenarios.spec.ts
    // holds them to the statement index; the rest of the call is scanned.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'scenario') {
      node.arguments.forEach((a, i) => i !== 1 && visit(a));
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in RULE_ARGUMENT) {
      calls++;
      const rule = node.arguments[RULE_ARGUMENT[node.expression.text]];
      if (!rule || (ts.isIdentifier(rule) && rule.text === 'undefined'))
        problems.push(`${line(node)}: ${node.expression.text} without the rule its step judges`);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && RULE_ID.test(node.text) && !known.has(node.text))
      problems.push(`${line(node)}: ${node.text} is no rule of the service's catalogue`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { calls, problems };
}

const modelFiles = (service: string) =>
  fs
    .readdirSync(path.join(MODELS, service))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(MODELS, service, f));

for (const service of SERVICES.map((s) => s.name).filter((s) => fs.existsSync(path.join(MODELS, s)))) {
  test(`every step of the ${service} models names a rule of its catalogue`, () => {
    const known = new Set(loadRules(service).rules.map((r) => r.id));
    const problems: string[] = [];
    let calls = 0;
    for (const file of modelFiles(service)) {
      const scan = scanModel(fs.readFileSync(file, 'utf8'), file, known);
      calls += scan.calls;
      problems.push(...scan.problems.map((p) => `${path.relative(MODELS, file)}:${p}`));
    }
    expect(calls, `the kit's comparisons in fixtures/models/${service}`).toBeGreaterThan(0);
    expect(problems, 'model steps without a rule, or naming a rule the catalogue lacks').toEqual([]);
  });
}

test("the kit's own comparisons hand on the rules their callers give", () => {
  // kit.ts names no rule of its own: its list comparisons judge by the PageRules their callers pass.
  const scan = scanModel(fs.readFileSync(path.join(MODELS, 'kit.ts'), 'utf8'), 'kit.ts', new Set());
  expect(scan.calls).toBeGreaterThan(0);
  expect(scan.problems).toEqual([]);
});

test('the scan names a step without a rule and a rule the catalogue lacks', () => {
  const source = [
    "expectStatus(res.status, [200], 'read', res.body);",
    "expectEcho(got, want, 'echo', undefined);",
    "expectModel(ok, 'what', got, want, cond ? 'FD-KNOWN' : 'FD-UNKNOWN');",
    "expectEcho(got, want, 'echo', rule);",
  ].join('\n');
  expect(scanModel(source, 'probe.ts', new Set(['FD-KNOWN']))).toEqual({
    calls: 4,
    problems: [
      '1: expectStatus without the rule its step judges',
      '2: expectEcho without the rule its step judges',
      "3: FD-UNKNOWN is no rule of the service's catalogue",
    ],
  });
});
