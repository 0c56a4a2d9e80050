// Covers: POST /notifications (notifyPlan) 201/429 on an issuer's endpoint, the throttle's window at the
// millisecond (IN-ISSUER-THROTTLE, the mock's rate beside reference, Flows - notification (b) 429): a
// plan's notification counts for the minute after its instant, that minute's end excluded. The mock's
// virtual clock stands still (frozen) at each instant, so "just inside" (59.999 s), "exactly at" (60 s)
// and "just after" (60.001 s) are each reached to the millisecond with no real time passing between
// two calls. Plan A's notifications are spread over the minute, so its allowance comes back one
// notification at a time (a fixed window, or one that empties at once, answers otherwise); plan B's
// burst at 0 s shows the edge from the other side. notifications.issuer.spec.ts checks the count and
// what counts; this spec the window's edges.
import {
  exampleNotification,
  expect,
  type InstBody,
  ISSUER_THROTTLE_WINDOW_SECONDS,
  mockOnly,
  rules,
  test,
} from '../../fixtures/installments.js';

test.beforeEach(({ inst }) => {
  test.skip(!inst.issuerEndpoint, 'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)');
});

const MINUTE_MS = ISSUER_THROTTLE_WINDOW_SECONDS * 1000;

// [ms after the first notification, plan, the answer]: the allowance is 3 per plan (NOTIFICATIONS_PER_PLAN_PER_MINUTE).
const TIMELINE: [number, 'A' | 'B', 201 | 429][] = [
  [0, 'A', 201],
  [0, 'B', 201],
  [0, 'B', 201],
  [0, 'B', 201],
  [0, 'B', 429],
  [20_000, 'A', 201],
  [40_000, 'A', 201],
  [40_000, 'A', 429],
  // Just inside the minute of A's and B's first notifications: both still count.
  [MINUTE_MS - 1, 'A', 429],
  [MINUTE_MS - 1, 'B', 429],
  // Exactly a minute after A's first: it counts no longer (its notifications at 20 s and 40 s still do).
  [MINUTE_MS, 'A', 201],
  // Just after: A's at 20 s, 40 s and 60 s count (the window slides, it does not start afresh); B's burst at 0 s is out.
  [MINUTE_MS + 1, 'A', 429],
  [MINUTE_MS + 1, 'B', 201],
  [20_000 + MINUTE_MS - 1, 'A', 429],
  [20_000 + MINUTE_MS, 'A', 201],
  [20_000 + MINUTE_MS + 1, 'A', 429],
];

test(
  "the issuer's throttle window at the millisecond: a notification counts until exactly a minute after it, on a sliding minute @mock-only @assumption",
  mockOnly(
    rules('IN-ISSUER-THROTTLE:accept', 'IN-ISSUER-THROTTLE:refuse'),
    "needs the mock's virtual clock, frozen at the millisecond: a sandbox issuer's throttle runs on real time",
  ),
  async ({ instApi, inst, instMock }) => {
    const issuer = inst.issuerEndpoint!;
    const plans = { A: exampleNotification(issuer), B: exampleNotification(issuer) };
    // The first notification at a whole minute of the mock's clock, a little ahead of it (a fixed window of clock minutes then starts there).
    const start = Math.ceil((Date.parse((await instMock.state()).now) + 1) / MINUTE_MS) * MINUTE_MS;
    const seen: string[] = [];
    for (const [at, plan] of TIMELINE) {
      await instMock.setClock(start + at, { frozen: true });
      const res = await instApi.call('notifyPlan', {
        baseURL: issuer.baseURL,
        body: plans[plan] as InstBody<'notifyPlan'>,
        headers: { 'Correlation-Id': crypto.randomUUID() },
        rateLimit: 'expect',
      });
      seen.push(`plan ${plan} at ${at} ms: ${res.status}`);
    }
    expect(seen).toEqual(TIMELINE.map(([at, plan, status]) => `plan ${plan} at ${at} ms: ${status}`));
  },
);
