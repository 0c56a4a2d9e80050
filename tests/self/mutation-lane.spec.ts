// Covers: the batched mutation run's machinery (helpers/client/mutation-lane.ts, tools/mutation/lanes.ts)
// and the indexed search of known strings (helpers/secrets/needles.ts) that redaction and the echo check use.
// A lane is only as good as its isolation: each fault must get values built under it, never the
// last fault's, and a value that failed to build must fail the checks that touch it.
import { attribute } from '../../tools/mutation/attribution.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import {
  builtValue,
  faultOfTest,
  isCaught,
  laneProjects,
  mockFaults,
  recordFailure,
  switchFault,
  usePerFault,
} from '../../helpers/client/mutation-lane.js';
import { Needles } from '../../helpers/secrets/needles.js';
import { writeLanes } from '../../tools/mutation/lanes.js';

test('finds every known string in a text and blanks the leftmost-longest occurrences', () => {
  const n = new Needles();
  ['abcd1234', 'abcd12345678', 'zzzz', 'abc'].forEach((v) => n.add(v));
  expect(n.size, 'shorter than four characters is not indexed').toBe(3);
  expect(n.findIn('x abcd12345678 zzzz').sort()).toEqual(['abcd1234', 'abcd12345678', 'zzzz']);
  expect(n.findIn('nothing here')).toEqual([]);
  expect(n.replaceIn('[abcd12345678][abcd1234]zzzzz', '#')).toBe('[#][#]#z');
  expect(n.replaceIn('abc', '#')).toBe('abc');
  // Texts whose first two units share an index slot with a known string's (a non-ASCII unit, one past
  // 511) are told apart by the gram itself; a known string starting with such units is still found.
  ['aéxyz', '日本語テキスト'].forEach((v) => n.add(v));
  expect(n.findIn('aixyz ǥ本語テキスト')).toEqual([]);
  expect(n.findIn('- aéxyz 日本語テキスト -').sort()).toEqual(['aéxyz', '日本語テキスト']);
  expect(n.replaceIn('aixyz|aéxyz', '#')).toBe('aixyz|#');
});

test('writes one proxy per fault importing its spec modules, and maps each proxy back to its fault', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lane-'));
  writeLanes(
    dir,
    [
      { service: 'card-enrollment', fault: 'f-one', files: ['tests/card-enrollment/enroll-card.auth.spec.ts'] },
      {
        service: 'card-enrollment',
        fault: 'f-two',
        files: ['tests/card-enrollment/enroll-card.auth.spec.ts', 'tests/card-enrollment/enroll-card.limits.spec.ts'],
      },
    ],
    true,
  );
  const proxy = fs.readFileSync(path.join(dir, 'card-enrollment', '0001.spec.ts'), 'utf8');
  expect(proxy).toContain(`enroll-card.limits.spec.ts?lane=0001');`);
  expect(proxy.match(/await import\(/g)).toHaveLength(2);
  expect(faultOfTest(dir, { titlePath: ['../x/card-enrollment/0001.spec.ts', 'a check'] })).toBe('f-two');
  expect(() => faultOfTest(dir, { titlePath: ['../x/card-enrollment/0009.spec.ts'] })).toThrow(/no fault for proxy/);
  expect(laneProjects(dir)).toEqual([
    { name: 'card-enrollment', testDir: path.join(dir, 'card-enrollment'), fullyParallel: false, grep: /@smoke/ },
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a lane builds every worker value again under each fault, in order, and its proxies follow', async () => {
  const before = process.env.MUTATION_LANE_DIR;
  process.env.MUTATION_LANE_DIR = os.tmpdir();
  const log: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  try {
    await switchFault('first');
    let target!: { fault: string; label(): string };
    let derived!: { fromTarget: string };
    const served = Promise.all([
      usePerFault<{ fault: string; label(): string }>(
        async (v) => {
          target = v;
          await gate;
        },
        async () => {
          const fault = mockFaults()[0];
          if (fault === 'broken') throw new Error('the mock would not start');
          log.push(`build ${fault}`);
          return {
            value: {
              fault,
              label() {
                return `mock of ${this.fault}`;
              },
            },
            close: async () => {
              log.push(`close ${fault}`);
            },
          };
        },
      ),
      // A value built on the first: rebuilt after it, so it sees the new one.
      (async () => {
        while (!target) await new Promise((r) => setTimeout(r, 1));
        await usePerFault<{ fromTarget: string }>(
          async (v) => {
            derived = v;
            await gate;
          },
          async () => ({ value: { fromTarget: target.fault } }),
        );
      })(),
    ]);
    while (!derived) await new Promise((r) => setTimeout(r, 1));
    expect([target.fault, target.label(), derived.fromTarget]).toEqual(['first', 'mock of first', 'first']);
    // A memory of a target's answers is keyed by the value built (builtValue): the proxy stays, each fault's value is new.
    const firstBuilt = builtValue(target);
    expect(firstBuilt).not.toBe(target);
    expect(builtValue(firstBuilt), 'a value not behind a proxy is itself').toBe(firstBuilt);
    await switchFault('second');
    expect([target.fault, target.label(), derived.fromTarget]).toEqual(['second', 'mock of second', 'second']);
    expect(builtValue(target), "the second fault's value, not the first's").not.toBe(firstBuilt);
    expect(builtValue(target).fault).toBe('second');
    expect(log).toEqual(['build first', 'close first', 'build second']);
    await switchFault('broken');
    expect(() => target.fault, 'a value that failed to build fails the check touching it').toThrow('the mock would not start');
    await switchFault('third');
    expect(derived.fromTarget).toBe('third');
    release();
    await served;
    expect(log.at(-1)).toBe('close third');
  } finally {
    release?.();
    if (before === undefined) delete process.env.MUTATION_LANE_DIR;
    else process.env.MUTATION_LANE_DIR = before;
  }
});

test('a caught fault skips its later checks; under MUTATION_LANE_EVERY each failure is kept and none skips', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lane-'));
  const every = path.join(dir, 'every.jsonl');
  const fail = (title: string) => recordFailure(dir, 'card-enrollment.f-one', { title, file: 'a.spec.ts', status: 'failed' });
  const saved = process.env.MUTATION_LANE_EVERY;
  try {
    fail('first');
    expect(isCaught(dir, 'card-enrollment.f-one'), 'the first failure catches the fault').toBe(true);
    expect(fs.existsSync(every), 'nothing kept outside the mode').toBe(false);
    process.env.MUTATION_LANE_EVERY = every;
    expect(isCaught(dir, 'card-enrollment.f-one'), 'its later checks run').toBe(false);
    fail('second');
    fail('third');
    const kept = fs
      .readFileSync(every, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(kept).toEqual([
      ['card-enrollment.f-one', 'a.spec.ts', 'second'],
      ['card-enrollment.f-one', 'a.spec.ts', 'third'],
    ]);
  } finally {
    if (saved === undefined) delete process.env.MUTATION_LANE_EVERY;
    else process.env.MUTATION_LANE_EVERY = saved;
  }
});

test('--attribute reads a certification: a check of the fault rule, a set-up step only, or another rule only', () => {
  const own = { cause: 'FD-A: Op', broken: ['FD-A'], checks: [{ check: 'assertion' }] };
  const other = { cause: 'FD-B: Op', broken: ['FD-B'], checks: [{ check: 'assertion' }] };
  const setUp = { cause: 'FD-C: Op', broken: ['FD-C'], notJudged: ['FD-A'], checks: [{ check: 'its failed step' }] };
  expect(attribute([own, other], ['FD-A'])).toMatchObject({ by: 'rule', lines: 2, bystanders: ['FD-B: Op'] });
  expect(attribute([setUp, other], ['FD-A']).by, 'a set-up step that failed judged nothing of the rule').toBe('set-up');
  // A set-up step failing under the fault's own rule is still a set-up step: no check of the rule judged the fault.
  expect(attribute([{ ...setUp, broken: ['FD-A'] }], ['FD-A']).by).toBe('set-up');
  // A group of the rule holding a judgement and a set-up step after it: the rule's check judged it.
  expect(attribute([{ ...own, notJudged: ['FD-X'], checks: [{ check: 'its failed step' }, { check: 'assertion' }] }], ['FD-A']).by).toBe(
    'rule',
  );
  expect(attribute([other], ['FD-A']).by).toBe('other');
  // The fault's rule failed its own judgement in a group folded into a narrower rule's line ("also broken there").
  expect(attribute([{ ...other, alsoBroken: ['FD-A'] }], ['FD-A']).by).toBe('rule');
  expect(attribute([], ['FD-A']).by).toBe('none');
});
