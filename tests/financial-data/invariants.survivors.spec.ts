// Covers: a documented survivor stays usable (FD-PROP-SURVIVOR; survivors.ts; FD-ST-14, FD-ST-321: a
// consumer stays the owner of its reports after its customer is deleted): every operation naming it
// without its parent answers a success after the delete as before, and every writer of it still writes.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { isRead, takesBody } from '../../helpers/client/invariants/kit.js';
import {
  SURVIVORS,
  shownOf,
  survivorEffectProblems,
  survivorProblems,
  survivorsOf,
  turnedBody,
  type Shown,
} from '../../helpers/client/invariants/survivors.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { withObjects } from '../../helpers/client/security/probe.js';
import { FD_OBJECT_OPS, liveWorld } from './security.known.js';
import { countRule } from '../shared/property.js';

const ALL = survivorsOf(FD_OBJECT_OPS, 'financial-data');
const ok = (status: number) => status >= 200 && status < 300;

test(
  'an object the documents say outlives its parent answers every reader and writer after the parent is deleted as before, and its writers still write',
  rules('FD-PROP-SURVIVOR'),
  async ({ fd, fdApi, fdContract, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const problems: string[] = [];
    const checked: string[] = [];
    const exceptions: PropertyException[] = [];
    type Op = (typeof ALL)[number]['operations'][number];
    const options = (o: Op) => withObjects(world.sample(o), o.ids, world.objects);
    const call = (o: Op, body?: unknown) => fdApi.callOperation(o.operation, body === undefined ? options(o) : { ...options(o), body });
    // Readers of an object, each once: its status, and its body where it succeeded (what a writer's effect is read in).
    const read = async (readers: Op[], statuses: Map<string, number>) => {
      const answers = new Map<string, unknown>();
      for (const o of readers) {
        const res = await call(o);
        statuses.set(o.operation.operationId, res.status);
        if (ok(res.status)) answers.set(o.operation.operationId, res.body);
      }
      return answers;
    };
    // The survivors of one parent (a consumer and its reports) around one delete of it.
    const parents = new Map<string, typeof ALL>();
    for (const s of ALL)
      parents.set(s.parentDelete.operation.operationId, [...(parents.get(s.parentDelete.operation.operationId) ?? []), s]);
    for (const survivors of parents.values()) {
      const sides = survivors.map((survivor) => ({
        survivor,
        readers: survivor.operations.filter((o) => isRead(o.operation)),
        writers: survivor.operations.filter((o) => !isRead(o.operation)),
        before: new Map<string, number>(),
        after: new Map<string, number>(),
        shown: new Map<string, Shown[]>(),
      }));
      // Before the delete: the readers, then each writer with its sample and again with that body turned (survivors.ts
      // turnedBody), and where the readers show the turned body after it.
      for (const { readers, writers, before, shown } of sides) {
        await read(readers, before);
        for (const o of writers) {
          before.set(o.operation.operationId, (await call(o)).status);
          const turned = turnedBody(options(o).body, takesBody(fdContract, o.operation));
          if (turned === undefined || !ok((await call(o, turned)).status)) continue;
          shown.set(o.operation.operationId, shownOf(turned, await read(readers, new Map())));
        }
      }
      // A second passes first: a survivor's date re-stamped at the parent's delete then reads apart from its event (dates in whole
      // seconds), which the answer judge holds fixed across the delete (FD-EVENT-DATE-FIXED, FD-DATE-WRITE-TIME).
      await fdPowers.advanceClock(1);
      const { parentDelete } = survivors[0]!;
      const deleteCall = withObjects(world.sample(parentDelete), parentDelete.ids, world.objects);
      const gone = await fdApi.callOperation(parentDelete.operation, deleteCall);
      expect(gone.status, `${parentDelete.operation.operationId} of the live ${survivors[0]!.parent}`).toBeLessThan(300);
      // After it: the readers, then each writer with its sample, the readers showing its body again where they showed the turned one.
      for (const { survivor, readers, writers, before, after, shown } of sides) {
        await read(readers, after);
        for (const o of writers) {
          const { operationId } = o.operation;
          const res = await call(o);
          after.set(operationId, res.status);
          const places = shown.get(operationId) ?? [];
          if (ok(res.status) && places.length)
            problems.push(...survivorEffectProblems(survivor, operationId, options(o).body, places, await read(readers, new Map())));
        }
        for (const o of survivor.operations) {
          const { operationId } = o.operation;
          const [was, now] = [before.get(operationId)!, after.get(operationId)!];
          if (!ok(was)) {
            exceptions.push({
              operationId,
              reason: `its sample answered ${was} before the ${survivor.parent} was deleted: no use of it to keep`,
            });
            continue;
          }
          checked.push(operationId);
          problems.push(...survivorProblems(survivor, operationId, was, now));
        }
      }
    }
    const applies = ALL.flatMap((s) => s.operations.map((o) => o.operation.operationId));
    countRule(SURVIVORS, 'FD-PROP-SURVIVOR', { applies, checked, exceptions });
    expect(checked.length, 'operations on a survivor checked').toBeGreaterThan(0);
    expect(problems, problems.join('\n')).toEqual([]);
  },
);
