// Covers: a state set on a parent reaches every child the same way every time (FD-PROP-CASCADE;
// cascades.ts), over every cascade the statement index states (FD-ST-35: seed 002, States and
// transitions): a parent of three children set to each value, from the other, again, and after one
// child moved alone; every reader then shows parent and children in it.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { CASCADES, type Cascade, cascadeProblems, cascadesOf, viewOf } from '../../helpers/client/invariants/cascades.js';
import { FD_CONTRACT } from './security.known.js';
import { createSub, listAll, offeredNames, quietUrl } from './webhooks.helpers.js';
import { countRule } from '../shared/property.js';

const ALL = cascadesOf(FD_CONTRACT, 'financial-data');

test(
  'a status set on a parent reaches every child, whether the parent had it already or a child moved alone',
  rules('FD-PROP-CASCADE'),
  async ({ fdApi }) => {
    const problems: string[] = [];
    const checked = new Set<string>();
    const applies = ALL.flatMap((c) => [c.writer, ...c.readers, ...(c.childWriter ? [c.childWriter] : [])].map((o) => o.operationId));
    for (const cascade of ALL) {
      // The parent: a subscription of three offered events (the maker of the parent's list path).
      const names = await offeredNames(fdApi);
      const events = [0, 1, 2].map((i) => ({ name: names[i % names.length]! }));
      const parent = await createSub(fdApi, { url: quietUrl('cascade'), events });
      const id = parent.subscriptionId;
      const childIds = parent.events.map((e) => e.webhookEventId);
      const read = async (set: string, step: string) => {
        for (const reader of cascade.readers) {
          const byId = reader.path.endsWith(`{${cascade.parentId}}`);
          const shown = byId
            ? (await fdApi.callOperation(reader, { path: { [cascade.parentId]: id } })).body
            : (await listAll(fdApi)).find((s) => s.subscriptionId === id);
          problems.push(...cascadeProblems(cascade, reader.operationId, viewOf(cascade, shown as never), set, childIds, step));
          checked.add(reader.operationId);
        }
      };
      const setParent = async (value: string, step: string) => {
        const res = await fdApi.callOperation(cascade.writer, { path: { [cascade.parentId]: id }, body: { [cascade.member]: value } });
        expect(res.status, `${cascade.writer.operationId} to ${value} ${step}`).toBe(200);
        checked.add(cascade.writer.operationId);
        await read(value, step);
      };
      const setChild = async (c: Cascade, child: string, value: string) => {
        const path = { [c.parentId]: id, [c.childParam!]: child };
        const res = await fdApi.callOperation(c.childWriter!, { path, body: { [c.member]: value } });
        expect(res.status, `${c.childWriter!.operationId} of ${child} to ${value}`).toBe(200);
        checked.add(c.childWriter!.operationId);
      };
      for (const [i, value] of cascade.values.entries()) {
        const other = cascade.values[(i + 1) % cascade.values.length]!;
        await setParent(other, 'from whatever state it had');
        await setParent(value, `from ${JSON.stringify(other)}`);
        await setParent(value, 'when it has it already');
        if (cascade.childWriter) {
          // A middle child moved alone: the next write on the parent, which already has the value, reaches it too.
          await setChild(cascade, childIds[1]!, other);
          await setParent(value, `when it has it already and child ${childIds[1]} was moved alone to ${JSON.stringify(other)}`);
        }
      }
    }
    countRule(CASCADES, 'FD-PROP-CASCADE', {
      applies,
      checked: [...checked],
      exceptions: applies
        .filter((op) => !checked.has(op))
        .map((operationId) => ({ operationId, reason: 'no write of the cascade reached it (its parent answered no 200)' })),
    });
    expect(problems, problems.join('\n')).toEqual([]);
  },
);
