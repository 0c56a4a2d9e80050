// Covers: every financial data operation that takes the id of an object a partner owns in its path
// (helpers/contract/object-ids.ts, derived from the contract), called by the owner with that id one
// character away: a character added at its end, its last one removed (seed 002, Errors 404: resource
// not found; an id that differs from a live object's names no object), and each owned id a request
// body carries the same way; then each with a trailing space, and an id issued in both cases with its
// case swapped (FD-OBJ-EXACT-ID-FORM, @assumption). The checker is
// helpers/client/security/near-id.ts; ids shorter than its minimum are not varied (a short sequence
// may hold the neighbour), nor their leading zeros (some ids are integers). On the same live objects,
// every such id folded (FD-OBJ-EXACT-ID-FOLD, @assumption): an id issued in one case with its case
// swapped (an asset id's hex, a document id), a space inside or before it, a leading zero (an id
// holding a letter), a separator changed: the contract
// documents no folding of any id, so none of them names the object.
import { expect, notePartial, rules, test } from '../../fixtures/financial-data.js';
import { foldedIds, NEAR_ID, nearIdProbes } from '../../helpers/client/security/near-id.js';
import { runProbes, Violations } from '../../helpers/client/security/probe.js';
import { FD_BODY_IDS_UNRESOLVED, FD_OBJECT_OPS, liveWorld } from './security.known.js';

test(
  'an id one character away from a live object, or padded with a space, in other case, spaced inside or with a separator changed, names nothing on every operation that takes it in its path or body: refused, never served @assumption',
  rules('FD-OBJ-EXACT-ID', 'FD-OBJ-EXACT-ID-FORM', 'FD-OBJ-EXACT-ID-FOLD'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const { probes, leftOut } = nearIdProbes(FD_OBJECT_OPS, world.sample, world.objects, FD_BODY_IDS_UNRESOLVED);
    const violations = new Violations(NEAR_ID);
    await runProbes(fdApi, probes, violations);
    const folded = nearIdProbes(FD_OBJECT_OPS, world.sample, world.objects, FD_BODY_IDS_UNRESOLVED, foldedIds).probes;
    const foldings = new Violations(`${NEAR_ID} folded`);
    await runProbes(fdApi, folded, foldings);
    const probed = new Set(probes.map((p) => p.operation.operationId));
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${NEAR_ID}: ${FD_OBJECT_OPS.length} operations take an object id; ${probed.size} probed with ${probes.length} near ids and ${folded.length} folded ids (${new Set(folded.map((p) => p.operation.operationId)).size} operations); ${leftOut.length} left out (${leftOut.map((l) => `${l.operationId}: ${l.reason}`).join('; ')})`,
    });
    if (leftOut.length)
      notePartial(`${NEAR_ID}: ${leftOut.length} operations left out, each with its reason in the security-coverage annotation`);
    expect(probed.size, 'operations probed').toBeGreaterThan(0);
    expect([...violations.list, ...foldings.list], [violations.describe(), foldings.describe()].join('\n')).toEqual([]);
  },
);
