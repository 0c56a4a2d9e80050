// Covers: every financial data reader of the contract (a GET, or an operation named Get..., the less
// used versions and the "simple" variants included) on the live objects of security.known.ts: an
// object two readers both show (a customer, an account, a transaction, a report, a subscription,
// found by the id its node carries) reads the same on both, member by member
// (helpers/client/invariants/readers-agree.ts, FD-PROP-READERS-AGREE). Every reader is read in
// two rounds; what moves between a reader's two reads is compared nowhere.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { checkReadersAgree, type ReaderReads } from '../../helpers/client/invariants/readers-agree.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';

test(
  'an object every reader shows reads the same on each of them, the simple variants and older versions included',
  rules('FD-PROP-READERS-AGREE'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const exceptions: PropertyException[] = [];
    const calls: { reader: Operation; call: CallOptions }[] = [];
    // Each reader on the live objects, and again on later siblings in each state the customer's
    // accounts are in (its last account of each status, not its first checking account, under its own
    // login), so that a reader answering a member of its parent's first child, or of another state, shows it.
    const accounts = world.entities.linked?.accounts ?? [];
    const statuses = [...new Set(accounts.map((a) => a.status))];
    const later = statuses
      .map((status) => accounts.filter((a) => a.status === status && String(a.id) !== world.objects.account).at(-1))
      .filter((a) => a !== undefined);
    const sets = [
      world.objects,
      ...later.map((a) => ({ ...world.objects, account: String(a.id), institutionLogin: String(a.institutionLoginId) })),
    ];
    for (const reader of READERS) {
      const made = sets.map((objects) => readerCall(reader, world, fd, objects));
      const call = made[0]!;
      if (typeof call === 'string') exceptions.push({ operationId: reader.operationId, reason: `not called: ${call}` });
      else calls.push({ reader, call });
      for (const other of made.slice(1))
        if (typeof other !== 'string' && JSON.stringify(other) !== JSON.stringify(call)) calls.push({ reader, call: other });
    }
    // Two rounds, every reader once in each: a leaf differing between a reader's rounds moved on its own.
    // The answer judge's verdict on a read (a schema or status violation) fails the check as it is.
    const round = () => Promise.all(calls.map(({ reader, call }) => fdApi.callOperation(reader, call)));
    const first = await round();
    const second = await round();
    const reads: ReaderReads[] = [];
    const refused = new Map<string, string>();
    calls.forEach(({ reader }, i) => {
      const [a, b] = [first[i], second[i]];
      if (a?.status === 200 && b?.status === 200) reads.push({ reader, first: a.body, second: b.body });
      else refused.set(reader.operationId, `its sample answered ${a?.status ?? 'no answer'} here`);
    });
    const violations = new Violations('readers-agree');
    const checked = checkReadersAgree(FD_CONTRACT, reads, violations);
    for (const { operationId } of READERS) {
      if (checked.includes(operationId) || exceptions.some((e) => e.operationId === operationId)) continue;
      const read = reads.some((r) => r.reader.operationId === operationId);
      exceptions.push({ operationId, reason: read ? 'it shows no object another reader shows' : refused.get(operationId)! });
    }
    countProperty(test.info(), {
      property: 'readers-agree',
      service: 'financial-data',
      rule: 'FD-PROP-READERS-AGREE',
      applies: READERS.map((o) => o.operationId),
      checked,
      exceptions,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
