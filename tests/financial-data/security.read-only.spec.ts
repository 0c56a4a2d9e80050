// Covers: every financial data writer paired with a reader (read-only.ts), sent with the reader's
// response-only members: none is stored (provider 1.35.0: the request schemas do not declare them).
// Every other writer whose answer declares members its request does not (ownAnswerPairs) is sent them
// too: its answer, and the reader of what it changed, show its own, never the one sent.
import { expect, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { idFromAnswer, ownAnswerPairs, READ_ONLY, readOnlyPairs, storedReadOnly } from '../../helpers/client/security/read-only.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { FD_CONTRACT, liveWorld, type LiveWorld } from './security.known.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';

test(
  "response-only members sent in a create or an update body are never stored, through every writer paired with a reader, nor in any other writer's own answer",
  rules('FD-OBJ-READ-ONLY'),
  async ({ fd, fdApi, fdPowers, createCustomer }) => {
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    // Creates of a one-per-customer object go to a customer that has none yet.
    const bare = await createCustomer('testing');
    const pairs = readOnlyPairs(FD_CONTRACT);
    const violations = new Violations(READ_ONLY);
    for (const pair of pairs) {
      const ids = objectIdsOf(FD_CONTRACT, pair.writer).ids;
      const objects =
        pair.writer.operationId === 'CreateConsumer' || pair.writer.operationId === 'AddBusinessDetails'
          ? { ...world.objects, customer: bare }
          : world.objects;
      const sampled = withObjects(world.sample({ operation: pair.writer, ids }), ids, objects);
      const body = { ...(sampled.body as Record<string, unknown>), ...pair.members };
      const written = await fdApi.callOperation(pair.writer, { ...sampled, body }).catch((error: Error) => error);
      if (written instanceof Error || written.status >= 300) {
        violations.add(
          pair.writer.operationId,
          'its sample with the response-only members',
          written instanceof Error ? written.message.split('\n')[0] : String(written.status),
          '2xx (the members are ignored)',
        );
        continue;
      }
      const readerIds = objectIdsOf(FD_CONTRACT, pair.reader).ids;
      const read = withObjects(world.sample({ operation: pair.reader, ids: readerIds }), readerIds, objects);
      const id = idFromAnswer(pair, written.body);
      if (pair.idParam && id) read.path = { ...read.path, [pair.idParam]: id };
      storedAfter(violations, pair, pair.reader.operationId, (await fdApi.callOperation(pair.reader, read)).body);
    }
    // The same live world serves every other writer, judged by its own answer.
    const { judged, unjudged } = await judgeOwnAnswers(fdApi, world, violations);
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${READ_ONLY}: ${pairs.length} writers paired with a reader (${pairs.map((p) => `${p.writer.operationId} -> ${p.reader.operationId}`).join(', ')}); ${judged.length} writers judged by their own answer (${judged.join(', ')})`,
    });
    violations.expectNone();
    expect(unjudged, 'every other writer answers its sample with the response-only members 2xx (the members are ignored)').toEqual([]);
  },
);

/** A reader's answer after a write: a response-only member sent shows there as sent (never the target's own). */
function storedAfter(violations: Violations, pair: Parameters<typeof storedReadOnly>[0], reader: string, answer: unknown) {
  const stored = storedReadOnly(pair, answer);
  if (stored.length)
    violations.add(reader, `after ${pair.writer.operationId}`, `stored ${stored.join(', ')} as sent`, "the target's own values");
}

/** Every writer no reader pairs with (ownAnswerPairs), sent its answer's own members: the answer shows the service's. */
async function judgeOwnAnswers(fdApi: OperationClient, world: LiveWorld, violations: Violations) {
  const judged: string[] = [];
  const unjudged: string[] = [];
  // A verification goes to the account the initiation just sent deposits to (the loop's order is the contract's).
  let initiated: string | undefined;
  for (const pair of ownAnswerPairs(FD_CONTRACT)) {
    const ids = objectIdsOf(FD_CONTRACT, pair.writer).ids;
    const sampled = withObjects(world.sample({ operation: pair.writer, ids }), ids, world.objects);
    if (pair.writer.operationId === 'VerifyMicroAmountDeposits' && initiated) sampled.path = { ...sampled.path, accountId: initiated };
    const sent = sampled.body as Record<string, unknown> | undefined;
    // A member the sample itself sends (a report read's own fields) is the caller's to send.
    const members = Object.fromEntries(Object.entries(pair.members).filter(([name]) => !(sent && name in sent)));
    const answer = await fdApi.callOperation(pair.writer, { ...sampled, body: { ...sent, ...members } }).catch((error: Error) => error);
    // A refusal carrying the same members (a verification refused before the deposits: its status) is judged too.
    const carries =
      !(answer instanceof Error) &&
      Object.keys(members).some((name) => answer.body && typeof answer.body === 'object' && name in answer.body);
    if (answer instanceof Error || (answer.status >= 300 && !carries)) {
      unjudged.push(`${pair.writer.operationId} (${answer instanceof Error ? answer.message.split('\n')[0] : answer.status})`);
      continue;
    }
    judged.push(answer.status >= 300 ? `${pair.writer.operationId} (its ${answer.status})` : pair.writer.operationId);
    if (pair.writer.operationId === 'InitiateMicroAmountDeposits' && answer.status < 300) initiated = String(answer.body.accountId);
    const shown = storedReadOnly({ ...pair, members }, answer.body);
    if (shown.length)
      violations.add(pair.writer.operationId, 'its own answer', `echoed ${shown.join(', ')} as sent`, "the service's own values");
    // The lists that filter by an id the answer gives: the record they list is the service's too.
    for (const list of pair.lists ?? []) {
      const id = (answer.body as Record<string, unknown>)[list.member];
      const read = await fdApi.callOperation(list.reader, { query: { [list.param]: String(id) } });
      const record = firstRecord(read.body);
      if (read.status !== 200 || !record) {
        unjudged.push(
          `${list.reader.operationId} ${list.param}=${String(id)} after ${pair.writer.operationId} (${read.status}, no record)`,
        );
        continue;
      }
      storedAfter(violations, { ...pair, members }, list.reader.operationId, record);
      judged.push(`${pair.writer.operationId} -> ${list.reader.operationId}`);
    }
    // Then the reader of what the write changed (its further path ids from the answer), where the contract has one.
    if (pair.then) {
      const path: Record<string, string | number | undefined> = { ...sampled.path };
      const given = answer.body as Record<string, unknown>;
      for (const id of pair.then.idParams) path[id] = String(given[id] ?? given.id);
      // The reader's required query parameters, from its sample (GetAllExperience's appName, after the 1.42.0 experience copy).
      const required = pair.then.reader.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
      const readerQuery = required.length ? world.sample({ operation: pair.then.reader, ids: [] }).query : undefined;
      const query = readerQuery ? Object.fromEntries(required.map((n) => [n, readerQuery[n]])) : undefined;
      const read = await fdApi.callOperation(pair.then.reader, { path, ...(query ? { query } : {}) });
      if (read.status !== 200) {
        unjudged.push(`${pair.then.reader.operationId} after ${pair.writer.operationId} (${read.status})`);
        continue;
      }
      storedAfter(violations, { ...pair, members }, pair.then.reader.operationId, read.body);
      judged.push(`${pair.writer.operationId} -> ${pair.then.reader.operationId}`);
    }
  }
  return { judged, unjudged };
}

/** The first record of a list answer: its first element, or the first element of its one array member. */
function firstRecord(body: unknown): unknown {
  if (Array.isArray(body)) return body[0];
  if (!body || typeof body !== 'object') return undefined;
  return Object.values(body).find((v): v is unknown[] => Array.isArray(v))?.[0];
}
