// Covers: every financial data operation that names an account together with its customer
// (helpers/contract/object-ids.ts), with each account of the linked portfolio in turn - every type
// and status it holds (checking, savings, money market, CD, investment, credit card, mortgage,
// loans, line of credit; active and pending) - sent under another customer of the same partner,
// and by another partner under its own customer (seed 002, Resources: an account belongs to its
// customer; Errors 404; provider 1.35.0 BadRequestErrorResponse "does not exist or does not belong
// to this partner"). Who may reach an account does not depend on its type: the other-parent and
// other-partner checkers (security.other-parent.spec.ts, security.other-partner.spec.ts) probe the
// checking account; this check probes every other one the same way. Any refusal the operation
// documents passes (an operation for one account type may refuse another type first); an answer
// that serves the account does not.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { otherParentProbes } from '../../helpers/client/security/other-parent.js';
import { otherPartnerProbes } from '../../helpers/client/security/other-partner.js';
import { callKey, firstOfEach } from '../../helpers/client/invariants/kit.js';
import { runProbes, Violations, type Probe } from '../../helpers/client/security/probe.js';
import { FD_EXEMPT, FD_OBJECT_OPS, liveWorld, spareAuth } from './security.known.js';

/** The operations naming an account with its customer. */
const ACCOUNT_OPS = FD_OBJECT_OPS.filter(
  (o) => o.ids.some((id) => id.resource === 'account') && o.ids.some((id) => id.resource === 'customer'),
);

/** Every refusal status an operation documents: the probe passes on any of them. */
const refusals = (p: Probe): Probe => ({
  ...p,
  documented: [400, 403, 404].filter((s) => p.operation.responses[String(s)] !== undefined),
});

test(
  'every account of a customer, of every type and status, is refused through every operation naming it under another customer, and to another partner',
  rules('FD-OBJ-OTHER-PARENT', 'FD-OBJ-OTHER-PARTNER'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const other = await spareAuth(fdApi, fd);
    // One account of each type and status, but the live world's checking account (the checkers' own).
    const kindOf = (a: { type: string; status: string }) => `${a.type}/${a.status}`;
    const accounts = world.entities.linked!.accounts.filter(
      (a, i, all) =>
        a.id !== world.objects.account && all.findIndex((b) => b.id !== world.objects.account && kindOf(b) === kindOf(a)) === i,
    );
    const kinds = new Set(accounts.map(kindOf));
    expect(kinds.size, 'the linked portfolio holds accounts of several types').toBeGreaterThan(2);
    const parent = new Violations('other-parent');
    const partner = new Violations('other-partner');
    let probed = 0;
    // A probe whose request does not name the account (an operation whose sample sends it nowhere) is
    // the same request for every account: sent for the first one only, as the same request gets the same answer.
    const probeKey = (p: Probe) => callKey(p.operation, p.call);
    const firstUnderOther = firstOfEach(probeKey);
    const firstByOther = firstOfEach(probeKey);
    for (const account of accounts) {
      const objects = { ...world.objects, account: account.id, institutionLogin: String(account.institutionLoginId) };
      const named = (p: Probe) => ({ ...refusals(p), object: `${account.type} ${account.status} ${p.object}` });
      // Only the account under another customer: the other pairs of an operation (a pay request
      // under its account) are the other-parent checker's.
      const underOther = otherParentProbes(ACCOUNT_OPS, world.sample, objects, world.otherParents)
        .probes.filter((p) => p.object.startsWith('account '))
        .filter(firstUnderOther);
      await runProbes(fdApi, underOther.map(named), parent);
      probed += underOther.length;
      if (other) {
        const byOther = otherPartnerProbes(ACCOUNT_OPS, world.sample, objects, fd.sparePartner!.partnerId, FD_EXEMPT).probes.filter(
          firstByOther,
        );
        await runProbes(fdApi, byOther.map(named), partner, other);
        probed += byOther.length;
      }
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data account types: ${ACCOUNT_OPS.length} operations name an account with its customer; ${accounts.length} accounts (${[...kinds].join(', ')}); ${probed} probes`,
    });
    expect([...parent.list, ...partner.list], [parent.describe(), partner.describe()].filter(Boolean).join('\n')).toEqual([]);
  },
);
