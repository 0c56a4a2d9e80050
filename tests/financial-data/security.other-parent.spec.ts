// Covers: every financial data operation that names a child object together with its parent
// (helpers/contract/object-ids.ts: an account, login, transaction, asset, switch, portfolio or
// TxPush subscription under its customer; a pay request under its account; a webhook event under
// its subscription), sent with another parent of the same partner that has children of its own
// (seed 002, Resources; Errors 404). The checker is helpers/client/security/other-parent.ts. It judges
// too the resource rules that say the same of one kind of child (a transaction or a pay statement's
// asset under another customer: FD-TXN-OWNER-404, FD-ASSET-OWNER).
import { expect, notePartial, rules, test } from '../../fixtures/financial-data.js';
import { OTHER_PARENT, otherParentProbes } from '../../helpers/client/security/other-parent.js';
import { runProbes, Violations } from '../../helpers/client/security/probe.js';
import { FD_OBJECT_OPS, liveWorld } from './security.known.js';

test(
  'a child object named under another parent of the same partner is refused through every operation that names both',
  rules('FD-OBJ-OTHER-PARENT', 'FD-TXN-OWNER-404', 'FD-ASSET-OWNER@asset-pay'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const { probes, leftOut } = otherParentProbes(FD_OBJECT_OPS, world.sample, world.objects, world.otherParents);
    const violations = new Violations(OTHER_PARENT);
    await runProbes(fdApi, probes, violations);
    const pairs = leftOut.filter((l) => !l.reason.startsWith('names no child'));
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${OTHER_PARENT}: ${FD_OBJECT_OPS.length} operations take an object id; ${new Set(probes.map((p) => p.operation.operationId)).size} probed (${probes.length} child-parent pairs); ${leftOut.length - pairs.length} name no child with its parent; left out: ${pairs.map((l) => `${l.operationId}: ${l.reason}`).join('; ') || 'none'}`,
    });
    if (pairs.length) notePartial(`${OTHER_PARENT}: ${pairs.length} child-parent pairs left out, each with its reason`);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
