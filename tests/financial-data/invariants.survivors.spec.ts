// Covers: a documented survivor stays usable (FD-PROP-SURVIVOR; survivors.ts; FD-ST-14, FD-ST-321: a
// consumer stays the owner of its reports after its customer is deleted): every operation naming it
// without its parent answers a success after the delete as before.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { isRead } from '../../helpers/client/invariants/kit.js';
import { SURVIVORS, survivorProblems, survivorsOf } from '../../helpers/client/invariants/survivors.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { withObjects } from '../../helpers/client/security/probe.js';
import { FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { countRule } from '../shared/property.js';

const ALL = survivorsOf(FD_OBJECT_OPS, 'financial-data');

test(
  'an object the documents say outlives its parent answers every reader and writer after the parent is deleted as before',
  rules('FD-PROP-SURVIVOR'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const problems: string[] = [];
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    for (const survivor of ALL) {
      // Readers first, then writers (a write then read back), each once before the delete and once after it.
      const ops = [...survivor.operations].sort((a, b) => Number(isRead(b.operation)) - Number(isRead(a.operation)));
      const send = async () => {
        const out = new Map<string, number>();
        for (const o of ops) {
          const res = await fdApi.callOperation(o.operation, withObjects(world.sample(o), o.ids, world.objects));
          out.set(o.operation.operationId, res.status);
        }
        return out;
      };
      const before = await send();
      const { parentDelete } = survivor;
      const deleteCall = withObjects(world.sample(parentDelete), parentDelete.ids, world.objects);
      const gone = await fdApi.callOperation(parentDelete.operation, deleteCall);
      expect(gone.status, `${parentDelete.operation.operationId} of the live ${survivor.parent}`).toBeLessThan(300);
      const after = await send();
      for (const o of ops) {
        const { operationId } = o.operation;
        const [was, now] = [before.get(operationId)!, after.get(operationId)!];
        const unused = `its sample answered ${was} before the ${survivor.parent} was deleted: no use of it to keep`;
        if (was >= 300) {
          exceptions.push({ operationId, reason: unused });
          continue;
        }
        checked.push(operationId);
        problems.push(...survivorProblems(survivor, operationId, was, now));
      }
    }
    const applies = ALL.flatMap((s) => s.operations.map((o) => o.operation.operationId));
    countRule(SURVIVORS, 'FD-PROP-SURVIVOR', { applies, checked, exceptions });
    expect(checked.length, 'operations on a survivor checked').toBeGreaterThan(0);
    expect(problems, problems.join('\n')).toEqual([]);
  },
);
