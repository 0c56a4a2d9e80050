// Covers: `npm run bench` (scripts/bench.ts) refuses bad arguments with one line before it starts
// anything (no mock, no load), and its defaults stay short and bounded.
import { UsageError } from '../../tools/cli.js';
import { BENCH_SERVICES, parseBenchArgs } from '../../tools/bench/args.js';
import { expect, test } from '../../fixtures/self.js';

test('bench defaults: 3 s phases in 4 alternating rounds, 10 connections, 200 calls, every service, reads grown to 50,000', () => {
  expect(parseBenchArgs([])).toEqual({
    seconds: 3,
    rounds: 4,
    connections: 10,
    calls: 200,
    services: [...BENCH_SERVICES],
    growth: 50_000,
    linked: 500,
  });
  expect(parseBenchArgs('--seconds 2 --rounds 2 --connections 4 --calls 50 --service installments --linked 0'.split(' '))).toEqual({
    seconds: 2,
    rounds: 2,
    connections: 4,
    calls: 50,
    services: ['installments'],
    growth: 50_000,
    linked: 0,
  });
});

for (const [args, message] of [
  [['--bogus'], "unknown argument '--bogus'"],
  [['--seconds'], '--seconds needs a value'],
  [['--seconds', '0'], '--seconds must be an integer from 1 to 60'],
  [['--seconds', '61'], '--seconds must be an integer from 1 to 60'],
  [['--seconds', '1.5'], '--seconds must be an integer from 1 to 60'],
  [['--connections', 'many'], '--connections must be an integer from 1 to 1000'],
  [['--calls', '5'], '--calls must be an integer from 10 to 100000'],
  [['--rounds', '0'], '--rounds must be an integer from 1 to 20'],
  [['--linked', '5001'], '--linked must be an integer from 0 to 5000'],
  [['--service', 'nope'], '--service must be one of card-enrollment, installments, financial-data'],
] as const) {
  test(`bench ${args.join(' ')} is a usage error`, () => {
    expect(() => parseBenchArgs([...args])).toThrow(UsageError);
    expect(() => parseBenchArgs([...args])).toThrow(message);
  });
}
