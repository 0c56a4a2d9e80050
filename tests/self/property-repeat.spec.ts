// The same-answer property (helpers/client/invariants/repeat.ts): one call sent twice in a row answers
// the same status and the same members, but those under a node that moved between the two.
import { expect, test } from '../../fixtures/self.js';
import { checkSameAnswer } from '../../helpers/client/invariants/repeat.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { Operation } from '../../helpers/contract/contract.js';

const op = { operationId: 'GetThing' } as Operation;

test('a status or a member differing between two sends of one call is a violation; a node that moved, or a 429, is not', () => {
  const v = new Violations('same-answer');
  expect(checkSameAnswer(op, 'a', { status: 203, body: [] }, { status: 201, body: {} }, v, false)).toBe(true);
  expect(v.list.map((x) => x.documented)).toEqual(['the same status']);
  const w = new Violations('same-answer');
  const first = { status: 200, body: { items: [{ id: 1, name: 'x' }], total: 1 } };
  checkSameAnswer(op, 'b', first, { status: 200, body: { items: [{ id: 1 }], total: 1 } }, w, true);
  expect(w.list.map((x) => x.received)).toEqual(['items.[].name: shown the first time, not the second']);
  const report = { status: 200, body: { report: { status: 'inProgress' } } };
  const done = { status: 200, body: { report: { status: 'success', score: 7 } } };
  const quiet = new Violations('same-answer');
  checkSameAnswer(op, 'c', report, done, quiet, true);
  expect(checkSameAnswer(op, 'd', { status: 429, body: {} }, { status: 200, body: {} }, quiet, true)).toBe(false);
  expect(quiet.list).toEqual([]);
});
