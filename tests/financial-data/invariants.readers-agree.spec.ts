// Covers: every financial data reader on the live objects of security.known.ts: an object two readers
// show reads the same on both (readers-agree.ts, FD-PROP-READERS-AGREE), in two rounds.
import { rules, test } from '../../fixtures/financial-data.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { byIdReaders } from '../../helpers/client/invariants/exact-id.js';
import { challengeOperations, CHALLENGE_STATUS, checkSameAnswer, SAME_ANSWER } from '../../helpers/client/invariants/repeat.js';
import { judgeIdNamesOne, judgeReadersAgree, type ReaderCall, readTwice, showingOf } from '../shared/readers-agree.js';
import { countRule } from '../shared/property.js';

const BY_ID = byIdReaders(READERS);

test(
  'an object every reader shows reads the same on each of them, the simple variants and older versions included',
  rules('FD-PROP-READERS-AGREE', 'FD-PROP-ID-NAMES-ONE', 'FD-PROP-SAME-ANSWER'),
  async ({ fd, fdApi, fdPowers }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const exceptions: PropertyException[] = [];
    const calls: ReaderCall[] = [];
    // Each reader also on later siblings in each state (the last account of each status), so a parent's first child shows.
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
    // Two rounds: a leaf differing between a reader's rounds moved alone; the answer judge's verdicts fail the check.
    const twice = await readTwice(calls, () => Promise.all(calls.map(({ reader, call }) => fdApi.callOperation(reader, call))));
    const { first, second } = twice;
    // The same call in the same state gets the same answer (FD-PROP-SAME-ANSWER): each read's two rounds,
    // and every operation answering the multi-factor challenge sent twice.
    const same = new Violations(SAME_ANSWER);
    const sameChecked = new Set<string>();
    calls.forEach(({ reader, call }, i) => {
      const [a, b] = [first[i], second[i]];
      const json = (r: typeof a) => r !== undefined && !Buffer.isBuffer(r.body) && typeof r.body === 'object';
      // Members are compared on the mock only: on a sandbox another worker's object may join a list between the rounds.
      if (a && b && checkSameAnswer(reader, JSON.stringify(call.path ?? {}), a, b, same, Boolean(fd.control) && json(a) && json(b)))
        sameChecked.add(reader.operationId);
    });
    const CHALLENGED = challengeOperations(FD_CONTRACT);
    const sameOut: PropertyException[] = [];
    const mfa = accounts.find((a) => a.mfa);
    for (const op of CHALLENGED) {
      const call = mfa
        ? readerCall(op, world, fd, { ...world.objects, account: String(mfa.id), institutionLogin: String(mfa.institutionLoginId) })
        : 'no account of the linked customer is known to ask a multi-factor challenge (the mock portfolio tells; a sandbox does not)';
      if (typeof call === 'string') {
        sameOut.push({ operationId: op.operationId, reason: call });
        continue;
      }
      const a = await fdApi.callOperation(op, call);
      if (a.status !== CHALLENGE_STATUS) {
        if (!sameChecked.has(op.operationId))
          sameOut.push({ operationId: op.operationId, reason: `its call on the challenged login answered ${a.status}, not the challenge` });
        continue;
      }
      const b = await fdApi.callOperation(op, call);
      if (checkSameAnswer(op, `${JSON.stringify(call.path ?? {})}, the challenge`, a, b, same, false)) sameChecked.add(op.operationId);
    }
    const sameApplies = [...new Set([...READERS, ...CHALLENGED].map((o) => o.operationId))];
    for (const operationId of sameApplies)
      if (!sameChecked.has(operationId) && !sameOut.some((e) => e.operationId === operationId))
        sameOut.push({ operationId, reason: exceptions.find((e) => e.operationId === operationId)?.reason ?? 'not called here' });
    countRule(SAME_ANSWER, 'FD-PROP-SAME-ANSWER', {
      applies: sameApplies,
      checked: [...sameChecked],
      exceptions: sameOut.filter((e) => !sameChecked.has(e.operationId)),
    });
    const { violations } = judgeReadersAgree(FD_CONTRACT, 'FD-PROP-READERS-AGREE', READERS, twice, exceptions);
    // A path id names exactly its object (FD-PROP-ID-NAMES-ONE): the identifying values every first-round
    // read shows, and each known routing number's lookup (the mock's world; configured on a sandbox).
    const showing = showingOf(calls, first);
    const lookup = FD_CONTRACT.operations.get('GetInstitutionsByRoutingNumber')!;
    for (const routing_number of Object.keys(fd.institutions.routingMap ?? {})) {
      const res = await fdApi.callOperation(lookup, { path: { routing_number } });
      if (res.status === 200) showing.push({ at: lookup.path, path: { routing_number }, body: res.body });
    }
    const exact = await judgeIdNamesOne('FD-PROP-ID-NAMES-ONE', {
      contract: FD_CONTRACT,
      byId: BY_ID,
      calls,
      first,
      showing,
      send: (reader, call) => fdApi.callOperation(reader, call),
      notRead: (operationId, status) =>
        status === undefined
          ? (exceptions.find((e) => e.operationId === operationId)?.reason ?? 'not called')
          : `its sample answered ${status} here`,
    });
    violations.expectNone();
    exact.expectNone();
    same.expectNone();
  },
);
