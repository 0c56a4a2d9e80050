// Covers: POST /notifications 201/400/404/429 on an issuer's endpoint (reference, Flows - notification (b)): the throttle
// at the millisecond (IN-ISSUER-THROTTLE-WINDOW: provider 2.0.0 PlanNotifTooManyRequestError), ICAs compared whole.
import {
  exampleNotification,
  expect,
  expectErrors,
  type CallOptions,
  type InstBody,
  ISSUER_THROTTLE_WINDOW_SECONDS,
  malformedUuidForms,
  mockOnly,
  NOTIFICATIONS_PER_ADDRESS,
  rules,
  test,
  textForms,
  skipWithout,
} from '../../fixtures/installments.js';

skipWithout('issuerEndpoint');

type Fx = Pick<Parameters<Parameters<typeof test>[2]>[0], 'instApi' | 'inst'>;
/** notifyPlan on the issuer's endpoint, with a new Correlation-Id unless `more` gives the headers. */
const notify = ({ instApi, inst }: Fx, body: InstBody<'notifyPlan'>, more: Omit<CallOptions, 'body'> = {}) =>
  instApi.call('notifyPlan', { baseURL: inst.issuerEndpoint!.baseURL, body, headers: { 'Correlation-Id': crypto.randomUUID() }, ...more });

test(
  'the issuer answers a valid notification with 201 {status, message} @smoke @provider',
  rules('IN-ISSUER-ACCEPT', 'IN-FMT-CORRELATION:accept'),
  async ({ instApi, inst }) => {
    const res = await notify({ instApi, inst }, exampleNotification(inst.issuerEndpoint!));
    expect(res.status).toBe(201);
    expect(typeof res.body.status).toBe('string');
  },
);

const INVALID: [string, (n: Record<string, any>) => void][] = [
  ['without issuerIca', (n) => delete n.issuerIca],
  ['without schedulePayments', (n) => delete n.schedulePayments],
  ['with a planId that is not a UUID', (n) => (n.planId = 'plan-1')],
  ['with an offerId of 7 characters', (n) => (n.offerId = 'offer-1')],
  ['with tenure 100', (n) => (n.planInstallmentInformation.tenure = 100)],
  ['with an installment without dueDate', (n) => delete n.schedulePayments[0].dueDate],
];

for (const [name, breakIt] of INVALID) {
  test(
    `the issuer answers a notification ${name} with 400 PlanNotifError (ReasonCode <= 36, Source <= 15) @provider`,
    rules('IN-ISSUER-INVALID'),
    async ({ instApi, inst }) => {
      const body = exampleNotification(inst.issuerEndpoint!);
      breakIt(body);
      // Each error's ReasonCode and Source within their lengths: the client's response check (PlanNotifErrorItem).
      expectErrors(await notify({ instApi, inst }, body), 400);
    },
  );
}

// provider 2.0.0 PlanNotifBadRequestError (Invalid PAN; PlanNotifSensitiveDataField: 11 to 19 digits): 400 bad.request.
test(
  'the issuer answers a notification whose encrypted card number is not one with 400 bad.request @provider',
  rules('IN-ISSUER-INVALID'),
  async ({ instApi, instReq, inst }) => {
    for (const pan of ['4111-1111-1111-1111', '4111111111'])
      await test.step(`a card number of ${pan.length} characters`, async () => {
        const card = await instReq.sensitive({ consumer: { primaryAccountNumber: pan } });
        const res = await notify({ instApi, inst }, { ...exampleNotification(inst.issuerEndpoint!), ...card }, { refusal: true });
        expectErrors(res, 400);
        expect(res.body.Errors.Error[0].ReasonCode, "the example's reason code").toBe('bad.request');
      });
  },
);

// provider 2.0.0, PlanNotifCorrelationIdHeaderParameter: a required header; in the query string it is none.
test(
  'the issuer answers a notification without the Correlation-Id header with 400, one given in the query string instead too @provider',
  rules('IN-FMT-CORRELATION:refuse', 'IN-ISSUER-INVALID'),
  async ({ instApi, inst }) => {
    const noHeader = { headers: { 'Correlation-Id': undefined } };
    expectErrors(await notify({ instApi, inst }, exampleNotification(inst.issuerEndpoint!), noHeader), 400);
    const inQuery = { ...noHeader, query: { 'Correlation-Id': crypto.randomUUID() } };
    expectErrors(await notify({ instApi, inst }, exampleNotification(inst.issuerEndpoint!), inQuery), 400);
  },
);

// provider 2.0.0, PlanNotifCorrelationIdHeaderParameter (format uuid): each malformed form of a UUID is refused.
test(
  'the issuer answers a Correlation-Id that is not a UUID, or a UUID in a malformed form, with 400 @provider',
  rules('IN-FMT-CORRELATION:refuse'),
  async ({ instApi, inst }) => {
    const issuer = inst.issuerEndpoint!;
    for (const { value, why } of [{ value: 'corr-1', why: 'not a UUID' }, ...malformedUuidForms(crypto.randomUUID())])
      await test.step(`Correlation-Id ${why}`, async () =>
        expectErrors(await notify({ instApi, inst }, exampleNotification(issuer), { headers: { 'Correlation-Id': value } }), 400));
  },
);

// The throttle at its real scale (provider 2.0.0, PlanNotifTooManyRequestError: the IP rate limit), on a frozen clock:
// a 404 and a 400 before the burst are no notification taken; once the window has passed, the allowance is whole again.
test(
  "the issuer's throttle counts one caller's notifications of every plan within its window: its allowance, then 429 as the provider's one example gives it @mock-only @assumption",
  mockOnly(
    rules('IN-ISSUER-THROTTLE:accept', 'IN-ISSUER-THROTTLE:refuse', 'IN-ISSUER-THROTTLE-WINDOW:accept'),
    "needs the mock's virtual clock, frozen within the throttle's window: a sandbox issuer's window is real time",
  ),
  async ({ instApi, inst, instMock }) => {
    const issuer = inst.issuerEndpoint!;
    const send = (n: InstBody<'notifyPlan'>) => notify({ instApi, inst }, n, { rateLimit: 'expect' });
    // A window past the mock's clock: the notifications of the checks before this one are out of it.
    const at = Date.parse((await instMock.state()).now) + ISSUER_THROTTLE_WINDOW_SECONDS * 1000;
    await instMock.setClock(at, { frozen: true });
    const seen: string[] = [];
    const notServed = exampleNotification({ ...issuer, issuerIca: '000000' });
    seen.push(`an ICA not served: ${(await send(notServed)).status}`);
    const offContract = structuredClone(exampleNotification(issuer)) as Record<string, any>;
    offContract.planInstallmentInformation.tenure = 100;
    seen.push(`off the contract: ${(await send(offContract as InstBody<'notifyPlan'>)).status}`);
    for (let i = 1; i <= NOTIFICATIONS_PER_ADDRESS; i++) seen.push(`plan #${i}: ${(await send(exampleNotification(issuer))).status}`);
    const over = await send(exampleNotification(issuer));
    seen.push(`plan #${NOTIFICATIONS_PER_ADDRESS + 1}: ${over.status}`);
    await instMock.setClock(at + ISSUER_THROTTLE_WINDOW_SECONDS * 1000, { frozen: true });
    seen.push(`a window later: ${(await send(exampleNotification(issuer))).status}`);
    expect(seen).toEqual([
      'an ICA not served: 404',
      'off the contract: 400',
      ...Array.from({ length: NOTIFICATIONS_PER_ADDRESS }, (_, i) => `plan #${i + 1}: 201`),
      `plan #${NOTIFICATIONS_PER_ADDRESS + 1}: 429`,
      'a window later: 201',
    ]);
    expect(over.body?.Errors?.Error?.[0]?.ReasonCode, "the provider's example PlanNotifTooManyRequestError's code").toBe(
      'too.many.requests',
    );
  },
);

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
    // The first notification at a whole window of the mock's clock, at least a window ahead of it.
    const start = Math.ceil((Date.parse((await instMock.state()).now) + WINDOW_MS) / WINDOW_MS) * WINDOW_MS;
    const seen: string[] = [];
    for (const [at] of TIMELINE) {
      await instMock.setClock(start + at, { frozen: true });
      const res = await notify({ instApi, inst }, exampleNotification(issuer), { rateLimit: 'expect' });
      seen.push(`at ${at} ms: ${res.status}`);
    }
    expect(seen).toEqual(TIMELINE.map(([at, status]) => `at ${at} ms: ${status}`));
  },
);

/** Well-formed ICAs that share a prefix with `served` without being it. */
function sharingPrefix(served: string, maxLength: number): string[] {
  const other = (c: string) => (c === '9' ? '8' : '9');
  const out = new Set<string>();
  for (const k of [4, 5]) if (served.length > k) out.add(served.slice(0, k) + other(served[k]!) + served.slice(k + 1));
  for (const k of [4, served.length - 1]) if (k >= 1 && k < served.length) out.add(served.slice(0, k));
  for (const tail of ['0', '99']) if (served.length + tail.length <= maxLength) out.add(served + tail);
  out.delete(served);
  return [...out];
}

// reference, Flows - notification (b): ICAs compared as text (PlanNotification.issuerIca a string): another ICA,
// a zero added or dropped, separators or case changed, a prefix, cut short or extended: 404.
test(
  'the issuer answers an ICA it does not serve with 404: one unknown, its own written another way (a leading zero added or dropped, a separator changed, the case swapped), or sharing a prefix with it (4 or 5 characters in common, cut short, or extended) @assumption',
  rules('IN-ISSUER-UNKNOWN'),
  async ({ instApi, inst, instContract }) => {
    const issuer = inst.issuerEndpoint!;
    const validate = instContract.component('PlanNotification');
    const maxLength = Number(instContract.componentSchema('PlanNotification').properties.issuerIca.maxLength ?? 11);
    const forms = textForms(issuer.issuerIca);
    const prefixed = sharingPrefix(issuer.issuerIca, maxLength);
    const wrong: string[] = [];
    const sent = { forms: 0, prefixed: 0 };
    for (const [kind, issuerIca] of [
      ['unknown', '000000'],
      ...forms.map((f) => ['forms', f] as const),
      ...prefixed.map((f) => ['prefixed', f] as const),
    ] as const) {
      const body = exampleNotification({ ...issuer, issuerIca });
      if (kind !== 'unknown' && !validate(body)) continue;
      const res = await notify({ instApi, inst }, body);
      if (kind !== 'unknown') sent[kind]++;
      if (res.status !== 404) wrong.push(`issuerIca '${issuerIca}' (served '${issuer.issuerIca}'): ${res.status}`);
      if (kind === 'unknown') expectErrors(res, 404);
    }
    expect(sent.forms, 'other forms of the ICA were sent').toBeGreaterThan(0);
    expect(sent.prefixed, 'ICAs sharing a prefix were sent').toBeGreaterThanOrEqual(4);
    expect(wrong, `an ICA the issuer does not serve is not served (${sent.forms + sent.prefixed + 1} sent)`).toEqual([]);
  },
);
