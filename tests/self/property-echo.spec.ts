// The echo property's telling of members apart (helpers/client/invariants/echo.ts): a body whose
// members each carry a value of their own, a value shown in another member's place, and a URL sent
// sought whole inside the URLs an answer gives.
import { expect, test } from '../../fixtures/self.js';
import { checkEchoAsSent, crossedValues, dateTimeForms, distinctBody, tellingBody } from '../../helpers/client/invariants/echo.js';
import type { WriteOutcome } from '../../helpers/client/invariants/after-write.js';
import { leavesOf } from '../../helpers/client/invariants/kit.js';
import { Violations } from '../../helpers/client/security/probe.js';

const notices = {
  privacy: { latestVersionUri: 'https://x.example/notice?v=3' },
  tnc: { latestVersionUri: 'https://x.example/notice?v=3' },
  consumer: { phone: '5550100', fax: '5550100', id: 'a1', ref: 'a1' },
};

test('every member but a kept one is made distinct from the others, only where the contract takes it', () => {
  const out = distinctBody(
    notices,
    () => true,
    (p) => /\.(id|ref)$/.test(p),
  ) as typeof notices;
  expect(out.tnc.latestVersionUri).toBe('https://x.example/notice?v=3&n1=1');
  expect(out.consumer.fax).toBe('5550101');
  expect(out.consumer.ref, 'a kept id is sent as sampled').toBe('a1');
  expect(
    distinctBody(
      notices,
      (b) => b === notices,
      () => false,
    ),
    'nothing the contract refuses',
  ).toBe(notices);
});

test('a free text is sent with each character a serialiser changes that the contract takes, a patterned member keeps its value', () => {
  const sample = { description: 'Coffee shop', code: 'AB12', city: 'Paris' };
  // The contract of the sample: a code of capitals and digits, a city of at most 24 characters without angle brackets.
  const valid = (b: unknown) => {
    const { code, city } = b as typeof sample;
    return /^[A-Z0-9]+$/.test(code) && city.length <= 24 && !/[<>]/.test(city);
  };
  const out = tellingBody(sample, valid, () => false) as typeof sample;
  expect(out.description, 'é composed and decomposed (NFC and NFD): a target composing or decomposing text changes one').toBe(
    'Tq  descript  &<>"\'ée\u0301 07 MiXed',
  );
  expect(out.city, 'each character the contract refuses left out, the length kept').toBe('Tq  city  &"\'ée\u0301 MiXed');
  expect(out.code, 'a pattern that takes no free text: its own telling value').toBe('AB12');
});

test('a told value shown in another sent object or as another sent member is crossed; at its own place, or a top-level value inside an object, it is not', () => {
  const sent = leavesOf({
    serviceId: 'Program-Tq-1',
    complianceSettings: {
      privacy: { latestVersionUri: 'https://x.example/privacy' },
      tnc: { latestVersionUri: 'https://x.example/terms' },
    },
    consumer: { firstName: 'Tq  firstNam  MiXed', lastName: 'Tq  lastName  MiXed', countryCode: 'NZ' },
  });
  const shown = (answer: unknown) => crossedValues(sent, leavesOf(answer), () => false);
  const ok = {
    maskedCard: { serviceId: 'Program-Tq-1', countryCode: 'NZ' },
    maskedConsumer: {
      complianceSettings: {
        privacy: { acceptedVersion: 'https://x.example/privacy' },
        tnc: { acceptedVersion: 'https://x.example/terms' },
      },
      firstName: 'Tq  firstNam  MiXed',
    },
  };
  expect(shown(ok)).toEqual([]);
  expect(shown({ maskedConsumer: { complianceSettings: { tnc: { acceptedVersion: 'https://x.example/privacy' } } } })).toEqual([
    'maskedConsumer.complianceSettings.tnc.acceptedVersion: "https://x.example/privacy", the value sent as complianceSettings.privacy.latestVersionUri, not in tnc',
  ]);
  expect(shown({ consumer: { lastName: 'Tq  firstNam  MiXed' } })).toHaveLength(1);
});

test('a URL sent is found whole inside a URL the answer gives, at any depth, extra parameters of the target aside', () => {
  const sentUrl = 'https://lender.example/done/Tq%20x?tq=Tq%2F1&Mx=2';
  const judge = (url: string) => {
    const violations = new Violations('echo-as-sent');
    const outcome = {
      probe: { writer: { operationId: 'w' }, call: { body: { redirectURI: sentUrl } } },
      status: 201,
      answer: { url },
      judged: [],
    } as unknown as WriteOutcome;
    checkEchoAsSent([outcome], violations);
    return violations.list.length;
  };
  const inside = (u: string) => `https://oauth.example/authorize?session=1&redirect_uri=${encodeURIComponent(u)}`;
  expect(judge(inside(sentUrl))).toBe(0);
  expect(judge(inside(`${sentUrl}&state=7`)), 'a parameter of its own added').toBe(0);
  expect(judge(inside('https://provider.example/callback')), "the target's own callback: not the URL sent").toBe(0);
  expect(judge(`https://provider.example/cb?next=${encodeURIComponent(inside(sentUrl))}`), 'two levels deep').toBe(0);
  expect(judge(inside(sentUrl.split('?')[0])), 'its query dropped').toBe(1);
  expect(judge(inside('https://lender.example/done?tq=Tq%2F1&Mx=2')), 'its last segment dropped').toBe(1);
  const recased = `https://provider.example/cb?next=${encodeURIComponent(inside(sentUrl.replace('Mx=2', 'mx=2')))}`;
  expect(judge(recased), 'two levels deep, recased').toBe(1);
});

test('a date-time is sent in the forms a re-rendering changes, and stays a date-time when made distinct', () => {
  expect(dateTimeForms('2025-03-14T09:58:00.000Z', 'postedAt')).toEqual(['2025-03-14T09:58:00+05:30', '2025-03-14T09:58:00.120-04:00']);
  expect(dateTimeForms('2025-03-14t09:58:00Z', 'timestamp')).toEqual(['2025-03-14T09:58:00.120-04:00', '2025-03-14T09:58:00+05:30']);
  expect(dateTimeForms('Tq  word  MiXed')).toBeUndefined();
  const body = { posted: '2025-03-14T09:58:00Z', placed: '2025-03-14T09:58:00Z' };
  const out = tellingBody(
    body,
    () => true,
    () => false,
  ) as typeof body;
  expect(out.posted).toBe('2025-03-14T09:58:00+05:30');
  expect(out.placed).toBe('2025-03-14T09:58:01+05:30');
});
