// Covers: POST /notifications (notifyPlan) 201/429 on an issuer's endpoint, the throttle's window at the
// millisecond (IN-ISSUER-THROTTLE-WINDOW: provider 2.0.0 PlanNotifTooManyRequestError, a rate per second, read as a
// sliding second): a notification counts for the window after its instant, that window's end excluded. The mock's virtual
// clock stands still (frozen) at each instant, so "just inside", "exactly at" and "just after" are each reached to the
// millisecond with no real time passing between two calls. The caller's notifications (each of a plan of its own: the
// count is the caller's, provider 2.0.0 IP rate limit) are spread over the window, so its allowance comes back one
// notification at a time (a fixed window, or one that empties at once, answers otherwise). notifications.issuer.spec.ts
// checks the count and what counts; this spec the window's edges.
import {
  exampleNotification,
  expect,
  type InstBody,
  ISSUER_THROTTLE_WINDOW_SECONDS,
  mockOnly,
  NOTIFICATIONS_PER_ADDRESS,
  rules,
  test,
} from '../../fixtures/installments.js';

test.beforeEach(({ inst }) => {
  test.skip(!inst.issuerEndpoint, 'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)');
});

const WINDOW_MS = ISSUER_THROTTLE_WINDOW_SECONDS * 1000;
const HALF = WINDOW_MS / 2;
const N = NOTIFICATIONS_PER_ADDRESS;
const times = (n: number, at: number, status: 201 | 429): [number, 201 | 429][] => Array.from({ length: n }, () => [at, status]);

// [ms after the first notification, the answer]: one notification at 0, the rest of the allowance at half the window.
const TIMELINE: [number, 201 | 429][] = [
  [0, 201],
  ...times(N - 1, HALF, 201),
  [HALF, 429],
  // Just inside the window of the first notification: it still counts.
  [WINDOW_MS - 1, 429],
  // Exactly a window after the first: it counts no longer (those at half the window still do).
  [WINDOW_MS, 201],
  [WINDOW_MS, 429],
  // Just inside the window of those at half the window: they and the one at the window count.
  [HALF + WINDOW_MS - 1, 429],
  // Exactly a window after them: they count no longer, the one at the window still does (the window slides, it does not start afresh).
  ...times(N - 1, HALF + WINDOW_MS, 201),
  [HALF + WINDOW_MS, 429],
];

test(
  "the issuer's throttle window at the millisecond: a notification counts until exactly a window after it, on a sliding window @mock-only @assumption",
  mockOnly(
    rules('IN-ISSUER-THROTTLE-WINDOW:accept', 'IN-ISSUER-THROTTLE-WINDOW:refuse', 'IN-ISSUER-THROTTLE:refuse'),
    "needs the mock's virtual clock, frozen at the millisecond: a sandbox issuer's throttle runs on real time",
  ),
  async ({ instApi, inst, instMock }) => {
    const issuer = inst.issuerEndpoint!;
    // The first notification at a whole window of the mock's clock, at least a window ahead of it (a fixed window of the clock
    // then starts there, and the notifications of the checks before this one are out of it).
    const start = Math.ceil((Date.parse((await instMock.state()).now) + WINDOW_MS) / WINDOW_MS) * WINDOW_MS;
    const seen: string[] = [];
    for (const [at] of TIMELINE) {
      await instMock.setClock(start + at, { frozen: true });
      const res = await instApi.call('notifyPlan', {
        baseURL: issuer.baseURL,
        body: exampleNotification(issuer) as InstBody<'notifyPlan'>,
        headers: { 'Correlation-Id': crypto.randomUUID() },
        rateLimit: 'expect',
      });
      seen.push(`at ${at} ms: ${res.status}`);
    }
    expect(seen).toEqual(TIMELINE.map(([at, status]) => `at ${at} ms: ${status}`));
  },
);
