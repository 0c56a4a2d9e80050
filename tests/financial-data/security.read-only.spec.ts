// Covers: every financial data writer the contract pairs with a reader (helpers/client/security/
// read-only.ts: ModifyCustomer, CreateConsumer, ModifyConsumer, AddBusinessDetails, UpdateBusiness,
// the payment success indicator generations, the webhook subscription writers, the Connect
// components configuration), each sent with the reader's response-only members (ids, dates,
// statuses the target sets): none of them is stored (provider 1.35.0: the request schemas do not
// declare them; the answer's are the target's own).
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { idFromAnswer, READ_ONLY, readOnlyPairs, storedReadOnly } from '../../helpers/client/security/read-only.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';

test(
  'response-only members sent in a create or an update body are never stored, through every writer paired with a reader @mock-only',
  rules('FD-OBJ-READ-ONLY'),
  async ({ fd, fdApi, fdMock, createCustomer }) => {
    void fdMock;
    const world = await liveWorld(fd, fdApi);
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
      const answer = await fdApi.callOperation(pair.reader, read);
      const stored = storedReadOnly(pair, answer.body);
      if (stored.length)
        violations.add(
          pair.reader.operationId,
          `after ${pair.writer.operationId}`,
          `stored ${stored.join(', ')} as sent`,
          "the target's own values",
        );
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${READ_ONLY}: ${pairs.length} writers paired with a reader (${pairs.map((p) => `${p.writer.operationId} -> ${p.reader.operationId}`).join(', ')})`,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
