// Covers: the fault -> rule mapping (`rules` of each fault in mocks/<service>/**/<resource>.faults.ts) that the
// targeted mutation run (npm run mutation -- --targeted) uses to pick the specs of a fault. A fault
// naming an id its service's rule catalogue does not have fails; faults without rules are listed in
// an annotation (they run against the whole service, and usually mean a rule the catalogue lacks).
import { expect, MOCKS, test } from '../../fixtures/self.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { selectTests } from '../../tools/mutation/targets.js';
import type { ListedTest } from '../../tools/listing.js';

for (const mock of MOCKS) {
  test(`${mock.service}: every rule a fault names is in the rule catalogue`, () => {
    const known = new Set(loadRules(mock.service).rules.map((r) => r.id));
    const unknown = mock.faults.flatMap((f) => (f.rules ?? []).filter((id) => !known.has(id)).map((id) => `${f.id}: ${id}`));
    expect(unknown, 'rule ids named by faults that schemas/<service>/rules*.yaml lacks').toEqual([]);
    const empty = mock.faults.filter((f) => f.rules !== undefined && f.rules.length === 0).map((f) => f.id);
    expect(empty, 'faults with an empty rules list (leave the field out instead)').toEqual([]);
    const without = mock.faults.filter((f) => f.mutation !== false && !f.rules).map((f) => f.id);
    test.info().annotations.push({
      type: 'faults without rules',
      description: `${without.length} of ${mock.faults.length}: ${without.join(', ') || 'none'}`,
    });
  });
}

/** Keywords whose number is a figure of the contract (a length, a size, a range, a default), and `x-limits` values. */
const FIGURE_KEYWORDS = new Set(
  `minLength maxLength minItems maxItems minProperties maxProperties minimum maximum exclusiveMinimum exclusiveMaximum
  default`.split(/\s+/),
);

/** Every figure the contract states, with where (a keyword's path, an x-limits entry), for the message. */
function contractFigures(contract: Contract): Map<number, string> {
  const out = new Map<number, string>();
  const note = (n: unknown, where: string) => {
    if (typeof n === 'number' && !out.has(n)) out.set(n, where);
  };
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (FIGURE_KEYWORDS.has(key)) note(value, `${where}/${key}`);
      else if (key === 'x-limits' && value && typeof value === 'object')
        for (const [name, entry] of Object.entries(value as Record<string, { value?: unknown }>))
          for (const n of [entry?.value].flat()) note(n, `x-limits ${name}`);
      else walk(value, `${where}/${key}`);
    }
  };
  walk(contract.document, '');
  return out;
}

/**
 * The numbers a fault's rule text quotes as figures: not a catalogue id (FD-TXN-PAGE), a seed's
 * number (seed 002), a version (1.35.0), a date, a standard's name (ISO 3166, alpha-2), a reference
 * item (A3), a name with digits (4xx, RSA-SHA256), nor an HTTP status in a status's place (a
 * 400, 404 not 200, never a 500; but `limit 500`, `at most 500`, `500 characters` are figures).
 */
export function quotedFigures(text: string): number[] {
  const plain = text
    .replace(/\b[A-Z]{2}-[A-Z0-9-]+/g, ' ')
    .replace(/\bseed \d+/g, ' ')
    .replace(/\d{4}-\d\d-\d\d/g, ' ')
    .replace(/\d+(?:\.\d+){2,}/g, ' ')
    .replace(/\bISO \d+(?:-\d+)?/g, ' ')
    .replace(/\b[A-Za-z]+-\d+\b/g, ' ');
  const figures: number[] = [];
  for (const m of plain.matchAll(/(?<![\w.,])\d+(?:\.\d+)?(?![\w])/g)) {
    const n = Number(m[0]);
    const before = plain.slice(0, m.index).trimEnd();
    const after = plain.slice(m.index + m[0].length);
    const asFigure =
      /\b(limit|size|at most|up to|above|below|max|maximum|min|minimum|of|to|holds)$|[=<>]$/i.test(before) ||
      /^[ -]?(characters?|digits?|items?|days?|hours?|minutes?|seconds?|months?|KB|keys|indexes|transactions|reports|list calls)\b/i.test(
        after,
      );
    if (Number.isInteger(n) && n >= 100 && n <= 599 && !asFigure) continue;
    figures.push(n);
  }
  return figures;
}

for (const mock of MOCKS) {
  // conventions, Mocks and faults: a fault's rule text names the rule in words and never restates a figure of the
  // contract (the rule catalogue's text and the contract carry it), so a new version moving the figure leaves no stale copy.
  test(`${mock.service}: no fault's rule text quotes a figure of the contract`, async ({ contracts }) => {
    const contract = await contracts(mock.service);
    const figures = contractFigures(contract);
    const quoting = mock.faults.flatMap((f) =>
      quotedFigures(f.rule)
        .filter((n) => n >= 2 && figures.has(n))
        .map((n) => `${f.id}: ${n} (${figures.get(n)})`),
    );
    expect(quoting, 'fault rule texts quoting a figure the contract states: name the keyword or the rule instead').toEqual([]);
  });
}

test('a rule text quotes a figure, not a rule id, a seed, a version, a standard or a status in its place', () => {
  expect(quotedFigures('FD-TXN-PAGE-1000: limit 1000 gives pages of 1000')).toEqual([1000, 1000]);
  expect(quotedFigures('consumer.countryCode ISO 3166 alpha-2 (seed 002, provider 1.35.0, from 2026-04-30)')).toEqual([]);
  expect(quotedFigures('malformed body: 400, never a 500; any 4xx; RSA-SHA256; answers 200 with the accounts')).toEqual([]);
  expect(quotedFigures('limit=500 is refused with 400; at most 500; a limit of 100; 500 characters')).toEqual([500, 500, 100, 500]);
  expect(quotedFigures('the sixth initiation within 24 hours; reference A3')).toEqual([24]);
});

test('the targeted selection runs the spec files citing the rules, the smoke tests elsewhere, or the whole service', () => {
  const tests: ListedTest[] = [
    { file: 'tests/s/a.limits.spec.ts', line: 5, tags: [], rules: ['S-LIM-NAME'] },
    { file: 'tests/s/a.limits.spec.ts', line: 9, tags: ['smoke'], rules: [] },
    { file: 'tests/s/b.auth.spec.ts', line: 7, tags: ['smoke'], rules: ['S-AUTH-KEY'] },
    { file: 'tests/s/c.echo.spec.ts', line: 3, tags: [], rules: ['S-ECHO-ID', 'S-LIM-NAME'] },
  ];
  expect(selectTests(tests, ['S-LIM-NAME'])).toEqual({
    files: ['tests/s/a.limits.spec.ts', 'tests/s/c.echo.spec.ts'],
    smoke: ['tests/s/b.auth.spec.ts:7'],
  });
  expect(selectTests(tests, ['S-AUTH-KEY'])).toEqual({ files: ['tests/s/b.auth.spec.ts'], smoke: ['tests/s/a.limits.spec.ts:9'] });
  expect(selectTests(tests, undefined), 'a fault without rules runs the whole service').toBeUndefined();
  expect(selectTests(tests, ['S-NOBODY-CITES']), 'rules no test cites: the whole service').toBeUndefined();
  // Playwright reads positional filters as regular expressions: a dot must not match any character.
});
