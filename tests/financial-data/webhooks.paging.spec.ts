// Covers: listWebhookSubscriptions - seed 002, Webhook subscriptions (offset, limit; 200, 400, 404);
// provider 1.35.0 ObwmsOffsetParameter (from 1), ObwmsLimitParameter (1..100, default 10), Subscriptions.
// Out of range a 400 and an empty page a 404: @assumption. Windows over one list: FD-PROP-PAGING.
import { expect, expectFdError, whileAlone, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { createSub, listAll, offeredNames, quietUrl, type Sub } from './webhooks.helpers.js';

/** Makes sure the caller has at least `n` subscriptions; returns the ids this test created. */
async function atLeast(fdApi: OperationClient, n: number): Promise<string[]> {
  const [a] = await offeredNames(fdApi);
  const have = (await listAll(fdApi)).length;
  const made: string[] = [];
  for (let i = have; i < n; i++)
    made.push((await createSub(fdApi, { url: quietUrl(`paging/${i}`), events: [{ name: a }] })).subscriptionId);
  return made;
}

const page = (fdApi: OperationClient, query: Record<string, number>) => fdApi.call('listWebhookSubscriptions', { query });

test('without offset and limit the answer is the first page of 10', rules('FD-WEBHOOK-PAGE-DEFAULT'), async ({ fdApi, fd }) => {
  await whileAlone(fd, ['webhooks'], async () => {
    await atLeast(fdApi, 11);
    const plain = await fdApi.call('listWebhookSubscriptions');
    expect(plain.status).toBe(200);
    const seen = { count: plain.body.count, limit: plain.body.limit, held: plain.body.subscriptions.length };
    expect(seen, 'provider 1.35.0: default limit 10').toEqual({ count: 10, limit: 10, held: 10 });
    const first = await page(fdApi, { offset: 1, limit: 10 });
    const listed = plain.body.subscriptions.map((s: Sub) => s.subscriptionId);
    expect(listed, 'the same as page 1 of 10').toEqual(first.body.subscriptions.map((s: Sub) => s.subscriptionId));
  });
});

test(
  'limit 1 and 100 are served with at most that many subscriptions; offset 1 is served',
  rules('FD-WEBHOOK-PAGE-LIMIT:accept', 'FD-WEBHOOK-PAGE-OFFSET:accept'),
  async ({ fdApi, fd }) => {
    // The subscriptions counted may be other workers' (deleted as their checks end): held alone.
    await whileAlone(fd, ['webhooks'], async () => {
      await atLeast(fdApi, 2);
      for (const limit of [1, 100]) {
        const res = await page(fdApi, { offset: 1, limit });
        expect(res.status, `limit ${limit}`).toBe(200);
        expect(res.body.subscriptions.length, `limit ${limit}: at most ${limit}`).toBeLessThanOrEqual(limit);
        expect(res.body.limit, 'the limit asked for').toBe(limit);
      }
    });
  },
);

test(
  'limit 0 or 101 and offset 0 are a 400 @assumption',
  rules('FD-WEBHOOK-PAGE-LIMIT:refuse', 'FD-WEBHOOK-PAGE-OFFSET:refuse'),
  async ({ fdApi }) => {
    for (const query of [{ limit: 0 }, { limit: 101 }, { offset: 0 }, { offset: 0, limit: 10 }] as Record<string, number>[]) {
      expectFdError(await page(fdApi, query), 400, JSON.stringify(query));
    }
  },
);
